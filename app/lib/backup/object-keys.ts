/** A key is plain names joined by "/": nothing that could climb out of the place. */
export function checkKey(key: string): string {
  const parts = key.split("/");
  if (parts.some((part) => !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(part)))
    throw new Error(`Not a backup object key: ${JSON.stringify(key)}`);
  return key;
}
