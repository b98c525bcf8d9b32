// Draws public/og-image.png, the site's 1200×630 link preview (WhatsApp, social
// networks). Run once after changing the design: node scripts/og-image.mjs
import sharp from "sharp";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f766e"/>
  <circle cx="1060" cy="90" r="260" fill="#115e59"/>
  <circle cx="1130" cy="600" r="180" fill="#134e4a"/>
  <g transform="translate(96 100)">
    <rect width="128" height="128" rx="28" fill="#ffffff"/>
    <path transform="scale(2)" d="M32 48s-14-8.6-14-19a8 8 0 0 1 14-5.3A8 8 0 0 1 46 29c0 10.4-14 19-14 19z" fill="#0f766e"/>
  </g>
  <text x="96" y="350" font-family="DejaVu Sans, Arial, sans-serif" font-size="112" font-weight="bold" fill="#ffffff">Acolhe</text>
  <text x="96" y="425" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ccfbf1">Psicólogos online com CRP —</text>
  <text x="96" y="480" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ccfbf1">agende e pague em reais</text>
  <text x="96" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#99f6e4">acolhe.com.br</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(new URL("../public/og-image.png", import.meta.url).pathname);
