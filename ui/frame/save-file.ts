/**
 * Hands `file` to the person as a download: an object URL (`blob:`, no key in it) on a
 * link with `download`, clicked, then revoked.
 */
export function saveFile(file: File, document: Document): void {
  const url = document.defaultView?.URL.createObjectURL(file) ?? URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
