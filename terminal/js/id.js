// Operation ids for submissions. crypto.randomUUID exists only in secure
// contexts, and a venue laptop serves plain http on a LAN address, so fall
// back to a version 4 UUID built from getRandomValues (available everywhere).

export function newOpId(cryptoImpl = globalThis.crypto) {
  if (typeof cryptoImpl.randomUUID === "function") return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
