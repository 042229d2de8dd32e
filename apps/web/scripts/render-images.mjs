// Renders the shop's images from SVG: the catalog's covers (public/covers/<slug>.webp, no words,
// so one image serves both languages) and the app icon's PNG sizes (public/icons, for the web
// manifest and iOS) from src/app/icon.svg. Run by hand after changing a design, in apps/web:
// `node scripts/render-images.mjs`; the results are committed.
import { readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";

const W = 960;
const H = 720;

/** A book standing on a tinted background, with a motif on its cover. */
function cover({ from, to, book, spine, motif }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#0b1a33" flood-opacity="0.28"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="820" cy="110" r="190" fill="#ffffff" opacity="0.08"/>
  <circle cx="110" cy="640" r="240" fill="#ffffff" opacity="0.06"/>
  <g filter="url(#shadow)">
    <rect x="300" y="110" width="380" height="500" rx="18" fill="${book}"/>
    <rect x="300" y="110" width="46" height="500" rx="14" fill="${spine}"/>
    <rect x="380" y="160" width="250" height="12" rx="6" fill="#ffffff" opacity="0.85"/>
    <rect x="380" y="186" width="170" height="12" rx="6" fill="#ffffff" opacity="0.55"/>
    <g transform="translate(380 250)" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round">${motif}</g>
    <rect x="380" y="548" width="120" height="10" rx="5" fill="#ffffff" opacity="0.5"/>
  </g>
</svg>`;
}

const designs = {
  // Ordering: a parcel with its tape and label.
  "sample-guide": {
    from: "#dbe8ff",
    to: "#a9c6fb",
    book: "#0b5bd3",
    spine: "#0946a3",
    motif: `<path d="M20 70 L125 20 L230 70 L230 200 L125 250 L20 200 Z"/><path d="M20 70 L125 120 L230 70"/><path d="M125 120 L125 250"/><path d="M72 45 L178 95"/>`,
  },
  // The inquiry form: an envelope with a check mark.
  "lead-form-handbook": {
    from: "#d7f3ee",
    to: "#9fdccf",
    book: "#0f766e",
    spine: "#0b5a54",
    motif: `<rect x="15" y="40" width="220" height="160" rx="16"/><path d="M15 56 L125 135 L235 56"/><circle cx="205" cy="205" r="42" fill="#0f766e"/><path d="M186 205 L200 219 L226 192"/>`,
  },
  // Retries: two arrows chasing each other around one result.
  "retry-patterns": {
    from: "#ebe3ff",
    to: "#c8b6fb",
    book: "#6d3fd1",
    spine: "#5430a8",
    motif: `<path d="M40 125 A85 85 0 0 1 195 75"/><path d="M195 30 L195 78 L148 78"/><path d="M210 125 A85 85 0 0 1 55 175"/><path d="M55 220 L55 172 L102 172"/><circle cx="125" cy="125" r="16" fill="#ffffff"/>`,
  },
  // The outbox: messages waiting in a tray.
  "outbox-field-notes": {
    from: "#fff0d6",
    to: "#f7cf8f",
    book: "#b45309",
    spine: "#8f4207",
    motif: `<rect x="55" y="20" width="140" height="46" rx="10"/><rect x="40" y="86" width="170" height="46" rx="10"/><path d="M10 150 L10 215 Q10 230 25 230 L225 230 Q240 230 240 215 L240 150"/><path d="M10 160 L80 160 L95 185 L155 185 L170 160 L240 160"/>`,
  },
};

for (const [slug, design] of Object.entries(designs)) {
  const out = new URL(`../public/covers/${slug}.webp`, import.meta.url);
  await writeFile(
    out,
    await sharp(Buffer.from(cover(design)))
      .webp({ quality: 82 })
      .toBuffer(),
  );
  console.log(`wrote public/covers/${slug}.webp`);
}
await writeFile(
  new URL("../public/covers/default.webp", import.meta.url),
  await sharp(
    Buffer.from(
      cover({ from: "#e6eaf0", to: "#c3ccd8", book: "#3d4a5c", spine: "#2b3543", motif: `<path d="M40 40 L210 40 M40 100 L210 100 M40 160 L150 160"/>` }),
    ),
  )
    .webp({ quality: 82 })
    .toBuffer(),
);
console.log("wrote public/covers/default.webp");

const icon = await readFile(new URL("../src/app/icon.svg", import.meta.url));
await writeFile(
  new URL("../src/app/apple-icon.png", import.meta.url),
  await sharp(icon, { density: 72 * (180 / 64) })
    .resize(180, 180)
    .png()
    .toBuffer(),
);
for (const size of [192, 512]) {
  await writeFile(
    new URL(`../public/icons/icon-${size}.png`, import.meta.url),
    await sharp(icon, { density: 72 * (size / 64) })
      .resize(size, size)
      .png()
      .toBuffer(),
  );
  console.log(`wrote public/icons/icon-${size}.png`);
}
