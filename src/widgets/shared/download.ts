/** Hands a file to the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; revoking at once may cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
