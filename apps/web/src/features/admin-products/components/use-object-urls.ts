import { useEffect, useState } from 'react';

/**
 * An object URL per file, for previews: made when a file is chosen and revoked when it is removed
 * or the picker goes away, so the browser lets go of the file's bytes.
 */
export function useObjectUrls(files: readonly File[]): Map<File, string> {
  const [urls, setUrls] = useState(() => new Map<File, string>());
  useEffect(() => {
    if (files.length === 0 || typeof URL.createObjectURL !== 'function') {
      setUrls((current) => (current.size === 0 ? current : new Map()));
      return;
    }
    const made = new Map(files.map((file) => [file, URL.createObjectURL(file)]));
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}
