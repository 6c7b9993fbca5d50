import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../test/photo-fixtures';
import { isNearDuplicate, processPhoto } from './photo-processing';

const plain = (r: number, g: number, b: number) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

describe('near-duplicate photo hash', () => {
  it('tells plain images of different colours apart (dHash alone saw no difference)', async () => {
    const red = await processPhoto('red.jpg', await plain(220, 30, 30));
    const blue = await processPhoto('blue.jpg', await plain(30, 30, 220));
    expect(red.phash.split(':')[0]).toBe(blue.phash.split(':')[0]);
    expect(isNearDuplicate(red.phash, blue.phash)).toBe(false);
  });

  it('still finds a resized, recompressed copy of the same photo', async () => {
    const photo = await makePhoto(10);
    const a = await processPhoto('one.jpg', photo);
    const b = await processPhoto(
      'two.jpg',
      await sharp(photo).resize(500, 500).jpeg({ quality: 60 }).toBuffer(),
    );
    expect(isNearDuplicate(a.phash, b.phash)).toBe(true);
    expect(isNearDuplicate(b.phash, (await processPhoto('three.jpg', await makePhoto(11))).phash)).toBe(
      false,
    );
  });

  it('compares a hash stored before the colour part by its structure alone', async () => {
    const red = await processPhoto('red.jpg', await plain(220, 30, 30));
    expect(isNearDuplicate(red.phash.split(':')[0], red.phash)).toBe(true);
  });
});
