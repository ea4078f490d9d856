/** Saves `blob` as `name` through a temporary link (the browser's download). */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Today as YYYY-MM-DD (UTC, as the server names its export), for a file's name. */
export const today = (): string => new Date().toISOString().slice(0, 10);
