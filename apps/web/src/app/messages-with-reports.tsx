import { MessagesPage } from '../features/messages/messages-page';
import { ReportButton } from '../features/moderation/components/report-button';

/** /messages with 'Report' on each received message (features/moderation, docs/product.md §19.3). */
export function MessagesWithReports() {
  return (
    <MessagesPage
      report={(messageId, authorName) => (
        <ReportButton
          kind="message"
          targetId={messageId}
          label={`Report message from ${authorName}`}
          className="rounded px-1 text-xs text-slate-600 underline hover:bg-slate-100 hover:text-slate-900"
        />
      )}
    />
  );
}
