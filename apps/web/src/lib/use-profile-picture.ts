import { translate } from './i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { compressProfilePicture, isAllowedPictureType } from './profile-picture';

export interface ProfilePictureState {
  /** The compressed picture to upload, or null when none is chosen. */
  file: File | null;
  /** An object URL previewing `file` (revoked when replaced, cleared or unmounted). */
  previewUrl: string | null;
  /** True while a chosen picture is being compressed. */
  processing: boolean;
  /** Changes whenever the file input must be emptied (rejected choice, clear): use as its key. */
  inputKey: number;
  /** Takes the user's choice: type check, compression, preview. Toasts on failure (docs/product.md §5). */
  select: (file: File | null | undefined) => Promise<void>;
  /** Forgets the chosen picture (e.g. after the form was submitted). */
  clear: () => void;
}

/** The optional profile picture of a form: docs/product.md §5 checks, compression and a preview. */
export function useProfilePicture(): ProfilePictureState {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  // The URL to revoke on unmount, and the latest choice (an older, slower one must not win).
  const urlRef = useRef<string | null>(null);
  const choiceRef = useRef(0);
  const mountedRef = useRef(false);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      choiceRef.current += 1;
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    };
  }, []);

  const show = useCallback((next: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = next ? URL.createObjectURL(next) : null;
    setFile(next);
    setPreviewUrl(urlRef.current);
  }, []);

  const select = useCallback(
    async (chosen: File | null | undefined) => {
      if (!chosen) return; // the file dialog was canceled: keep the current picture
      const choice = ++choiceRef.current;
      if (!isAllowedPictureType(chosen)) {
        toast.error(translate(MESSAGES.imageTypeNotAllowed));
        setInputKey((key) => key + 1);
        return;
      }
      setProcessing(true);
      try {
        const compressed = await compressProfilePicture(chosen);
        if (choice === choiceRef.current && mountedRef.current) show(compressed);
      } catch {
        if (choice === choiceRef.current && mountedRef.current) {
          toast.error(translate(MESSAGES.imageCompressionFailed));
          setInputKey((key) => key + 1);
        }
      } finally {
        if (choice === choiceRef.current) setProcessing(false);
      }
    },
    [show],
  );

  const clear = useCallback(() => {
    choiceRef.current += 1;
    show(null);
    setProcessing(false);
    setInputKey((key) => key + 1);
  }, [show]);

  return { file, previewUrl, processing, inputKey, select, clear };
}
