import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * gzip for a body that many responses share except for one value repeated in
 * it (a kept page and each response's CSP nonce; ADR 012). The fixed parts
 * are compressed once; each response's value goes between them in a stored
 * (uncompressed) deflate block. Deflate allows any sequence of blocks, so
 * the result is one ordinary gzip stream; only its CRC-32 is computed per
 * response, where compressing the whole page again would cost ~30 times more.
 *
 * Each part is compressed with the 32 KB before it as its dictionary, as one
 * stream would be, so the page compresses about as well as in one piece. The
 * value's places in that dictionary are NUL bytes: a body without NULs never
 * matches them, so no back-reference reaches into a value that changes.
 */

export interface Splice {
  /** The body's bytes between the value's places. */
  parts: Buffer[];
  /** Each part compressed (all but the last end byte-aligned and not final). */
  deflated: Buffer[];
  /** The value's length in bytes: positions in the dictionaries depend on it. */
  valueLength: number;
}

const WINDOW = 32 * 1024;

export function prepareSplice(parts: Buffer[], valueLength: number): Splice {
  if (valueLength > 0xffff) throw new RangeError("A stored block holds at most 65,535 bytes.");
  const filler = Buffer.alloc(valueLength);
  const withDictionary = !parts.some((part) => part.includes(0));
  let window = Buffer.alloc(0);
  const deflated = parts.map((part, index) => {
    const finishFlush = index === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    const compressed = deflateRawSync(part, withDictionary && window.length > 0 ? { finishFlush, dictionary: window } : { finishFlush });
    window = Buffer.concat([window, part, filler]).subarray(-WINDOW);
    return compressed;
  });
  return { parts, deflated, valueLength };
}

// Magic, deflate, no flags, no modification time, no extra flags, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored block holding `value` as it is (RFC 1951, 3.2.4). */
function storedBlock(value: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(value.length, 1);
  header.writeUInt16LE(~value.length & 0xffff, 3);
  return Buffer.concat([header, value]);
}

/**
 * The running CRC-32 over `bytes`. Empty input is skipped: an empty buffer
 * may have no memory behind it, and zlib's crc32 of a null buffer is 0, not
 * the running value.
 */
const crcOver = (bytes: Buffer, crc: number) => (bytes.length > 0 ? crc32(bytes, crc) : crc);

/** The gzip of the splice's parts joined by `value`, which must have the splice's value length. */
export function splicedGzip({ parts, deflated, valueLength }: Splice, value: Buffer): Buffer<ArrayBuffer> {
  if (value.length !== valueLength) throw new RangeError(`The value must be ${valueLength} bytes long.`);
  const block = storedBlock(value);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(block);
      crc = crcOver(value, crc);
      size += value.length;
    }
    chunks.push(deflated[index]!);
    crc = crcOver(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
