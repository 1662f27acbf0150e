import { useTranslation } from '../../../lib/i18n';
import { MESSAGE_MAX_LENGTH } from '@slotwise/shared/messages-schemas';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';

interface MessageComposerProps {
  onSend: (body: string) => void;
  recipientName: string;
}

/** Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function MessageComposer({ onSend, recipientName }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();

  const submit = () => {
    const body = text.trim();
    if (body.length === 0) return;
    onSend(body);
    setText('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3">
      <label htmlFor={inputId} className="sr-only">
        {t('Message to {{name}}', { name: recipientName })}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={2}
          placeholder={t('Write a message…')}
          className="min-h-11 flex-1 resize-y rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        />
        <button
          type="submit"
          disabled={text.trim().length === 0}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-300"
        >
          {t('Send')}
        </button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('Enter to send, Shift+Enter for a new line.')}
      </p>
    </form>
  );
}
