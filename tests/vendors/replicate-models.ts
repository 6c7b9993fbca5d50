// The account and model endpoints of the Replicate double (replicate-double.ts): the account, the
// hardware list, create, read, delete a model, list and delete its versions, as Replicate answers them.
import type http from 'node:http';
import {
  checkModelBody,
  HARDWARE,
  problem,
  send,
  type DoubleModel,
  type Invalid,
} from './replicate-contract';

export type ModelState = {
  models: Map<string, DoubleModel>;
  username: string;
  modelLimit: number;
  /** versions removed through `DELETE /v1/models/{owner}/{name}/versions/{id}` (account deletion) */
  removedVersions: string[];
  violate: (what: string) => void;
  invalid: Invalid;
};

/** Answers `method p` (the path after /v1) when it is one of these endpoints; `res.writableEnded` tells. */
export function accountAndModelRoutes(
  st: ModelState,
  res: http.ServerResponse,
  method: string,
  p: string,
  body: unknown,
): void {
  const { models, username, modelLimit, removedVersions, violate, invalid } = st;
  let m: RegExpExecArray | null;
  if (method === 'GET' && p === '/account')
    return send(res, 200, {
      type: 'organization',
      username,
      name: 'Acme Corp, Inc.',
      github_url: 'https://github.com/acme',
    });
  if (method === 'GET' && p === '/hardware')
    return send(
      res,
      200,
      HARDWARE.map((sku) => ({ sku, name: sku })),
    );
  if (method === 'POST' && p === '/models') {
    if (!checkModelBody(res, body, invalid)) return;
    const b = body as {
      owner: string;
      name: string;
      visibility: 'public' | 'private';
      hardware: string;
      description?: string;
    };
    if (b.owner !== username) {
      violate(`POST /v1/models: owner ${b.owner} is not the token's account`);
      return problem(res, 403, 'Forbidden', 'You do not have permission to create models for this owner.');
    }
    const key = `${b.owner}/${b.name}`;
    if (models.has(key))
      return problem(res, 409, 'Conflict', 'A model with that name and owner already exists.');
    const owned = [...models.values()].filter((x) => x.owner === username).length;
    if (owned >= modelLimit) {
      violate(`POST /v1/models: account model limit (${modelLimit}) reached`);
      return problem(
        res,
        403,
        'Forbidden',
        `You have reached the limit of ${modelLimit} models for this account.`,
      );
    }
    const model: DoubleModel = {
      owner: b.owner,
      name: b.name,
      visibility: b.visibility,
      hardware: b.hardware,
      description: b.description ?? null,
      versions: [],
    };
    models.set(key, model);
    return send(res, 201, {
      url: `https://replicate.com/${key}`,
      owner: b.owner,
      name: b.name,
      description: model.description,
      visibility: b.visibility,
      github_url: null,
      paper_url: null,
      license_url: null,
      run_count: 0,
      cover_image_url: null,
      default_example: null,
      latest_version: null,
    });
  }
  if ((m = /^\/models\/([^/]+)\/([^/]+)$/.exec(p))) {
    const key = `${m[1]}/${m[2]}`;
    const model = models.get(key);
    if (!model) return problem(res, 404, 'Not found', 'Not found.');
    if (method === 'GET')
      return send(res, 200, {
        url: `https://replicate.com/${key}`,
        owner: model.owner,
        name: model.name,
        description: model.description,
        visibility: model.visibility,
        run_count: 0,
        latest_version: model.versions[0]
          ? { ...model.versions[0], cog_version: '0.9.0', openapi_schema: {} }
          : null,
      });
    if (method === 'DELETE') {
      if (model.owner !== username || model.visibility !== 'private')
        return problem(res, 403, 'Forbidden', 'You can only delete private models you own.');
      if (model.versions.length)
        return problem(res, 409, 'Conflict', 'You can only delete models that have no versions.');
      models.delete(key);
      return send(res, 204);
    }
  }
  if (method === 'GET' && (m = /^\/models\/([^/]+)\/([^/]+)\/versions$/.exec(p))) {
    const model = models.get(`${m[1]}/${m[2]}`);
    if (!model) return problem(res, 404, 'Not found', 'Not found.');
    return send(res, 200, {
      next: null,
      previous: null,
      results: model.versions.map((v) => ({ ...v, cog_version: '0.9.0', openapi_schema: {} })),
    });
  }
  if (method === 'DELETE' && (m = /^\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)$/.exec(p))) {
    const model = models.get(`${m[1]}/${m[2]}`);
    const i = model?.versions.findIndex((v) => v.id === m![3]) ?? -1;
    if (!model || i < 0) return problem(res, 404, 'Not found', 'Not found.');
    if (model.owner !== username || model.visibility !== 'private')
      return problem(res, 403, 'Forbidden', 'You can only delete versions from private models you own.');
    model.versions.splice(i, 1);
    removedVersions.push(`${m[1]}/${m[2]}:${m[3]}`);
    return send(res, 202);
  }
}
