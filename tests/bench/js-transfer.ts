/**
 * The JavaScript a first visit to a page transfers, as Chromium counts it,
 * in a fresh browser context (empty cache) per page: the scripts' encoded
 * bodies (the JavaScript, as compressed), and for information the bytes on
 * the wire, HTTP/1.1 response headers included (over HTTP/2 in production
 * those are mostly compressed away). Used by `npm run bench`; alone, against
 * a running server: `BENCH_ORIGIN=http://127.0.0.1:3000 tsx tests/bench/js-transfer.ts / /psychologists`.
 */
import { chromium } from "@playwright/test";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

export interface JsTransfer {
  label: string;
  /** Encoded (compressed) body bytes of the page's script responses. */
  bytes: number;
  /** The same responses on the wire, their headers included. */
  wireBytes: number;
  /** How many script responses, by Content-Encoding. */
  encodings: Record<string, number>;
}

export async function jsTransferred(pages: Array<[label: string, url: string]>): Promise<JsTransfer[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  try {
    const rows: JsTransfer[] = [];
    for (const [label, url] of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const scripts = new Map<string, { encoding: string; headerBytes: number }>();
      const sizes = new Map<string, number>();
      cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
        if (type !== "Script") return;
        const encoding = String(response.headers["content-encoding"] ?? response.headers["Content-Encoding"] ?? "identity");
        // What has arrived when the response starts: its status line and headers.
        scripts.set(requestId, { encoding, headerBytes: response.encodedDataLength });
      });
      cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => sizes.set(requestId, encodedDataLength));
      await cdp.send("Network.enable");
      // What every current browser sends (Chromium leaves br out on plain http to a non-localhost host).
      await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "br, gzip" } });
      const response = await page.goto(url, { waitUntil: "networkidle" });
      if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
      const encodings: Record<string, number> = {};
      let bytes = 0;
      let wireBytes = 0;
      for (const [requestId, { encoding, headerBytes }] of scripts) {
        const total = sizes.get(requestId);
        if (total === undefined) throw new Error(`${url}: a script did not finish loading`);
        wireBytes += total;
        bytes += total - headerBytes;
        encodings[encoding] = (encodings[encoding] ?? 0) + 1;
      }
      rows.push({ label, bytes, wireBytes, encodings });
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** The report line of one page: JavaScript, the same with headers, and what the scripts came encoded with. */
export function formatJsTransfer(row: JsTransfer): string {
  const encodings = Object.entries(row.encodings).map(([encoding, count]) => `${count} ${encoding}`).join(", ");
  return `${(row.bytes / 1024).toFixed(1).padStart(6)} KB  ${row.label.padEnd(16)} (${(row.wireBytes / 1024).toFixed(1)} KB with headers; ${encodings})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.env.BENCH_ORIGIN ?? "http://127.0.0.1:3000";
  const paths = process.argv.slice(2);
  for (const row of await jsTransferred((paths.length > 0 ? paths : ["/", "/psychologists"]).map((p) => [p, `${origin}${p}`]))) {
    console.log(formatJsTransfer(row));
  }
}
