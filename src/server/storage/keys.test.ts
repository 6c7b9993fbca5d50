import { describe, expect, it } from 'vitest';
import {
  generatedImageKeys,
  loraWeightsKey,
  modelPrefix,
  offlineArtifactKey,
  offlineCropKey,
  stylePreviewKey,
  trainingPhotoKeys,
  trainingZipKey,
  userPrefix,
} from './keys';
import { ownerOfKey } from './storage';

const user = '0b9a4f0e-5a43-4c1e-9b1e-2a7c7d1f0a11';
const model = '5d3c1b2a-1111-4222-8333-444455556666';

describe('storage keys', () => {
  it('keeps every file of a model under the model prefix, readable by its owner only', () => {
    const photo = trainingPhotoKeys(user, model, 'img-1');
    const keys = [
      photo.image,
      photo.thumb,
      trainingZipKey(user, model, 2),
      loraWeightsKey(user, model),
      offlineArtifactKey(user, model),
      offlineCropKey(user, model, 0),
    ];
    expect(photo).toEqual({
      image: `u/${user}/models/${model}/images/img-1.jpg`,
      thumb: `u/${user}/models/${model}/thumbs/img-1.webp`,
    });
    for (const key of keys) {
      expect(key.startsWith(modelPrefix(user, model))).toBe(true);
      expect(ownerOfKey(key)).toBe(user);
    }
  });

  it('gives generated images to their owner and style previews to everyone', () => {
    const img = generatedImageKeys(user, 'i1');
    expect(img).toEqual({
      original: `u/${user}/images/i1.jpg`,
      thumb: `u/${user}/images/i1.thumb.webp`,
      blurred: `u/${user}/images/i1.blur.webp`,
    });
    expect(Object.values(img).map(ownerOfKey)).toEqual([user, user, user]);
    // a user's files, models included, are all under one prefix (erasing a user is one job)
    for (const key of [...Object.values(img), modelPrefix(user, model)])
      expect(key.startsWith(userPrefix(user))).toBe(true);
    expect(stylePreviewKey('anime')).toBe('public/styles/anime.webp');
    expect(ownerOfKey(stylePreviewKey('anime'))).toBe('public');
  });
});
