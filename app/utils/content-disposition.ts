/**
 * The Content-Disposition of a download whose name may be in any language
 * (the names come from the `server:files` translations). Every browser reads
 * the plain ASCII `filename=`; a name with other characters ("reçu-…",
 * "квитанция-…") is sent as well in RFC 5987's `filename*=UTF-8''…`, which
 * browsers prefer. Shared with the browser, which reads a fetched file's name
 * back (fileNameOf): keep it free of server imports.
 */

// Characters no file name should carry on any system, and that break a quoted header value.
const UNSAFE = /[\u0000-\u001f\u007f"\\/:*?<>|]/g;
const ASCII = /^[\x20-\x7e]*$/;

/** The name with what no file system or header takes replaced by '_'. */
function safeName(name: string): string {
  return name.replace(UNSAFE, "_").trim() || "download";
}

/** A plain-ASCII stand-in: an ASCII name as it is; otherwise accents dropped ('reçu' → 'recu') and any other script left out. */
export function asciiFileName(name: string): string {
  const safe = safeName(name);
  if (ASCII.test(safe)) return safe;
  const [, base = safe, extension = ""] = /^(.*?)(\.[A-Za-z0-9]{1,8})?$/.exec(safe) ?? [];
  const ascii = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]+/g, "_")
    // What a left-out word leaves between its separators is one separator: 'acolhe-мои-данные-…' → 'acolhe-…'.
    .replace(/[_-]*_[_-]*/g, (run) => (run.includes("-") ? "-" : "_"))
    .replace(/^[\s_.-]+|[\s_-]+$/g, "");
  return `${ascii || "download"}${extension}`;
}

/** RFC 5987's encoding: UTF-8 percent-escapes, everything outside its attr-char escaped. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="…"`, plus `filename*=UTF-8''…` when the name is not plain ASCII. */
export function contentDisposition(fileName: string, disposition: "attachment" | "inline" = "attachment"): string {
  const name = safeName(fileName);
  const ascii = asciiFileName(name);
  const plain = `${disposition}; filename="${ascii}"`;
  return ascii === name ? plain : `${plain}; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** The file name a Content-Disposition header gives: its `filename*` when readable, else its `filename`. */
export function fileNameOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
}
