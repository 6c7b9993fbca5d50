import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { AppDeps } from '../../deps';
import { offlineArtifactKey } from '../../storage/keys';
import { downloadName } from '../gallery';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notifications';
import { createDataExportsRepository } from './data-exports.repository';

/** Images are read this many rows at a time: the archive never holds the whole gallery. */
const IMAGE_PAGE = 100;

/**
 * One CSV cell. A text cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return, which
 * some spreadsheets skip before reading one) would run as a formula when the file is opened in a
 * spreadsheet (OWASP "CSV injection"): a support reply or a description could carry one. Such a cell
 * is prefixed with `'`, which spreadsheets show as text. Numbers are written as numbers (a refund's
 * `-50` stays a number).
 */
export const csvCell = (v: unknown) => {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString() : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export function toCsv(header: string[], rows: unknown[][]) {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'model';
const json = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * Streams a user's archive (issue 22, item 5) into storage in bounded memory: fflate's streaming Zip
 * writes into a PassThrough that storage's `putStream` consumes while it is written; each stored file
 * is piped in chunk by chunk, and the writer waits whenever the pass-through's buffer is full. What
 * the archive holds: profile.json, ledger.csv, purchases.csv, tickets.json (with every message),
 * per model its metadata, its photos still kept and its LoRA weights, every generated image with a
 * JSON of its settings, and a README.txt. Face descriptors are not in it: they are derived data the
 * user never gave and no other service could read.
 */
export async function writeExportArchive(deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, key: string) {
  const repo = createDataExportsRepository(deps.db);
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  let zipError: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      zipError = err;
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (zipError) throw zipError;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const addBytes = async (name: string, data: Uint8Array | string, deflate = true) => {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(typeof data === 'string' ? new TextEncoder().encode(data) : data, true);
    await drained();
  };
  const addStored = async (name: string, storageKey: string | null) => {
    if (!storageKey) return false;
    const obj = await deps.storage.get(storageKey);
    if (!obj) return false;
    // photos, images and weights are already compressed: stored as they are
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    for await (const chunk of obj.stream as Readable) {
      entry.push(chunk as Uint8Array);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    await drained();
    return true;
  };

  /**
   * The offline engine's trained model: its artifact (palette, trigger word, crop list) and the face
   * crops it points at, the offline counterpart of lora.safetensors. Only keys under this model's own
   * prefix are read.
   */
  const addOfflineModel = async (dir: string, owner: string, modelId: string, artifactKey: string | null) => {
    if (!artifactKey || artifactKey !== offlineArtifactKey(owner, modelId)) return;
    const raw = await deps.storage.getBuffer(artifactKey);
    if (!raw) return;
    await addBytes(`${dir}artifact.json`, new Uint8Array(raw));
    let crops: unknown = [];
    try {
      crops = (JSON.parse(raw.toString('utf8')) as { crops?: unknown }).crops ?? [];
    } catch {
      return;
    }
    if (!Array.isArray(crops)) return;
    const prefix = artifactKey.slice(0, artifactKey.lastIndexOf('/') + 1);
    for (const crop of crops)
      if (typeof crop === 'string' && crop.startsWith(prefix))
        await addStored(`${dir}${crop.slice(prefix.length)}`, crop);
  };

  const produce = async () => {
    const user = await repo.user(userId);
    if (!user) throw new Error('The account no longer exists');
    await addBytes(
      'README.txt',
      [
        'Your LoRA Studio data, as of ' + new Date().toISOString(),
        '',
        'profile.json        your account and its sessions',
        'ledger.csv          every token movement (purchases, usage, refunds, bonuses)',
        'purchases.csv       every payment',
        'tickets.json        your support tickets with every message',
        'models/<name>/      each model: model.json (with your attestation about the photos), the',
        '                    training photos still kept, and your LoRA weights: lora.safetensors when',
        '                    trained by a vendor, offline-model/ (artifact.json and its crops) when',
        '                    trained by the offline engine',
        'images/             every generated image (named as the gallery downloads name it) with a',
        '                    .json of its settings',
        'privacy.json        your face-analysis consent and when you gave or withdrew it',
        'preferences.json    your settings: content, and which notification mails you get',
        'notifications.json  every notification still kept',
        'api-keys.json       your API keys: names, scopes and dates (never the key itself)',
        '',
      ].join('\r\n'),
    );
    await addBytes(
      'profile.json',
      json({
        id: user.id,
        username: user.username,
        email: user.email,
        emailVerifiedAt: user.emailVerifiedAt,
        createdAt: user.createdAt,
        tokenBalance: user.tokenBalance,
        enableNsfw: user.enableNsfw,
        nsfwConfirmedAt: user.nsfwConfirmedAt,
        avatarUrl: user.avatarUrl,
        referralCode: user.referralCode,
        sessions: await repo.sessionsOf(userId),
      }),
    );
    const ledger = await repo.ledgerOf(userId);
    await addBytes(
      'ledger.csv',
      toCsv(
        [
          'id',
          'created_at',
          'type',
          'amount',
          'balance_after',
          'amount_in_cents',
          'description',
          'ref_type',
          'ref_id',
        ],
        ledger.map((t) => [
          t.id,
          t.createdAt,
          t.type,
          t.amount,
          t.balanceAfter,
          t.amountInCents,
          t.description,
          t.refType,
          // an admin's grant names the admin in ref_id: that is the admin's data, not the owner's
          t.refType === 'user' && t.refId !== userId ? '' : t.refId,
        ]),
      ),
    );
    const purchases = await repo.purchasesOf(userId);
    await addBytes(
      'purchases.csv',
      toCsv(
        ['id', 'created_at', 'package', 'provider', 'amount_in_cents', 'currency', 'tokens', 'status'],
        purchases.map((p) => [
          p.id,
          p.createdAt,
          p.packageName,
          p.provider,
          p.amountInCents,
          p.currency,
          p.tokenAmount,
          p.status,
        ]),
      ),
    );
    const tickets = await repo.ticketsOf(userId);
    await addBytes(
      'tickets.json',
      json(
        tickets.map((t) => ({
          id: t.id,
          subject: t.subject,
          status: t.status,
          priority: t.priority,
          createdAt: t.createdAt,
          messages: [
            { from: 'you', text: t.message, at: t.createdAt },
            ...t.notes.map((n) => ({
              from: n.authorId === userId ? 'you' : 'support',
              text: n.note,
              at: n.createdAt,
            })),
          ],
        })),
      ),
    );
    const privacy = await repo.privacyOf(userId);
    await addBytes(
      'privacy.json',
      json({
        faceAnalysis: {
          consented: privacy?.faceAnalysis ?? false,
          answeredAt: privacy?.faceAnalysisAt ?? null,
          noticeVersion: privacy?.noticeVersion ?? null,
        },
      }),
    );
    const mailOff = await repo.notificationPreferencesOf(userId);
    await addBytes(
      'preferences.json',
      json({
        enableNsfw: user.enableNsfw,
        nsfwConfirmedAt: user.nsfwConfirmedAt,
        notificationMails: Object.fromEntries(
          NOTIFICATION_KINDS.map((k) => [k, mailOff.find((p) => p.kind === k)?.mail ?? true]),
        ),
      }),
    );
    await addBytes('notifications.json', json(await repo.notificationsOf(userId)));
    await addBytes('api-keys.json', json(await repo.apiKeysOf(userId)));
    for (const m of await repo.modelsOf(userId)) {
      const dir = `models/${safeName(m.name)}-${m.id.slice(0, 8)}/`;
      const photos = await repo.photosOf(m.id);
      await addBytes(
        `${dir}model.json`,
        json({
          id: m.id,
          name: m.name,
          description: m.description,
          status: m.status,
          triggerWord: m.triggerWord,
          promptModifier: m.promptModifier,
          trainingProvider: m.trainingProvider,
          hostingProvider: m.hostingProvider,
          trainingStartedAt: m.trainingStartedAt,
          trainingCompletedAt: m.trainingCompletedAt,
          readyAt: m.readyAt,
          createdAt: m.createdAt,
          photosKept: photos.length,
          subjectAttestation: {
            attestedAt: m.subjectConsentAt,
            noticeVersion: m.subjectNoticeVersion,
          },
        }),
      );
      for (const p of photos) await addStored(`${dir}photos/${p.id}.jpg`, p.storageKey);
      await addStored(`${dir}lora.safetensors`, m.weightsKey);
      await addOfflineModel(`${dir}offline-model/`, userId, m.id, m.artifactKey);
    }
    let after: string | null = null;
    const usedNames = new Set<string>();
    for (;;) {
      const page = await repo.imagesPage(userId, after, IMAGE_PAGE);
      for (const img of page) {
        // the zip download's names (modules/gallery): `<model>-<prompt words>-<short id>.jpg`, the
        // full id when two would collide
        let file = downloadName(img, 'image/jpeg').replace(/\.jpg$/, '');
        if (usedNames.has(file)) file = file.replace(/-[0-9a-f]{8}$/, `-${img.id}`);
        usedNames.add(file);
        await addStored(`images/${file}.jpg`, img.storageKey);
        await addBytes(
          `images/${file}.json`,
          json({
            id: img.id,
            createdAt: img.createdAt,
            prompt: img.prompt,
            negativePrompt: img.negativePrompt,
            width: img.width,
            height: img.height,
            seed: img.seed,
            loraStrength: img.loraStrength,
            modelId: img.modelId,
            baseModelId: img.baseModelId,
            styleId: img.styleId,
            generationId: img.generationId,
            isNsfw: img.isNsfw,
            tokensUsed: img.tokensUsed,
            likeness: img.likeness,
          }),
        );
      }
      if (page.length < IMAGE_PAGE) break;
      after = page[page.length - 1].id;
    }
    zip.end();
  };

  const producing = produce().catch((err) => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  const storing = deps.storage.putStream(key, out, 'application/zip').catch((err) => {
    // the writer must not wait for a drain that never comes
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  const [bytes] = await Promise.all([storing, producing]);
  return bytes;
}
