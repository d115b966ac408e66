/** Why a file could not be read, in words (no stack, no errno jargon). */
export function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a folder';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return 'not a valid gzip file';
  return error instanceof Error ? error.message : String(error);
}
