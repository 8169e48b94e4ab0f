import { UPLOAD_MESSAGES } from '@aps/shared/constants';
import { useEffect, useState } from 'react';
import { fetchFileBlob } from './api.ts';
import { isOwnStatic } from './rules.ts';

export interface FileUrlState {
  /** An object URL of the bytes (or the outside URL as given); null while loading or after a failure. */
  url: string | null;
  error: string | null;
}

/**
 * A stored file as a URL an <img> or <iframe> can show. Our static files need the session's headers, so they are
 * fetched and shown from an object URL (revoked when the path changes or the component goes away).
 */
export function useFileUrl(path: string | null | undefined): FileUrlState {
  const [state, setState] = useState<FileUrlState>({ url: null, error: null });
  useEffect(() => {
    if (!path) {
      setState({ url: null, error: null });
      return;
    }
    if (!isOwnStatic(path)) {
      setState({ url: path, error: null });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ url: null, error: null });
    fetchFileBlob(path, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, error: null });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ url: null, error: err instanceof Error ? err.message : UPLOAD_MESSAGES.downloadFailed });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state;
}
