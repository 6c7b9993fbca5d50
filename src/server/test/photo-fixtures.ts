import sharp from 'sharp';

// Test photos made at run time: distinct layouts and colours so they are not near-duplicates.
const COLOURS = [
  '#e63946',
  '#457b9d',
  '#2a9d8f',
  '#f4a261',
  '#6d597a',
  '#264653',
  '#e9c46a',
  '#8ab17d',
  '#b5838d',
  '#3d5a80',
  '#ee6c4d',
  '#293241',
];

export function photoSvg(i: number, size = 640) {
  const c1 = COLOURS[i % COLOURS.length];
  const c2 = COLOURS[(i * 5 + 3) % COLOURS.length];
  const c3 = COLOURS[(i * 7 + 1) % COLOURS.length];
  const angle = (i * 47) % 360;
  const shapes: string[] = [];
  let seed = i * 9301 + 49297;
  const rnd = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  for (let k = 0; k < 6; k++) {
    const x = Math.round(rnd() * size);
    const y = Math.round(rnd() * size);
    const r = Math.round(30 + rnd() * size * 0.25);
    shapes.push(
      k % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${k % 4 === 0 ? c2 : c3}"/>`
        : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 1.6}" height="${r}" fill="${k % 3 === 0 ? c3 : '#fafafa'}" transform="rotate(${Math.round(rnd() * 90)} ${x} ${y})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

export async function makePhoto(i: number, opts: { size?: number; format?: 'jpeg' | 'png' | 'webp' } = {}) {
  const img = sharp(Buffer.from(photoSvg(i, opts.size ?? 640)));
  if (opts.format === 'png') return img.png().toBuffer();
  if (opts.format === 'webp') return img.webp().toBuffer();
  return img.jpeg({ quality: 88 }).toBuffer();
}

/** A multipart body with repeated `images` fields, for app.inject / fetch. */
export function multipartBody(files: { name: string; data: Buffer; type?: string; field?: string }[]) {
  const boundary = `----lora${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'images'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
