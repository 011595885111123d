/** The bytes of base64url text (padding optional), as `applicationServerKey` takes a server key. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.trim().replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
