import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Checks every answer against the OpenAPI document under strict JSON Schema (issue 30 §1): the route's
 * operation, the status (or its 4XX/5XX range), the media type, and a JSON body against its schema by
 * Ajv 2020 in strict mode. A test app built with `checkAnswers` throws on the first answer that breaks
 * its own document, so the journeys the tests run prove the document true.
 */

interface MediaType {
  schema?: unknown;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, Response>;
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
}

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  operation: Operation;
}

const JSON_MEDIA = /^application\/(.+\+)?json$/;

export class AnswerViolation extends Error {}

export function createAnswerCheck(document: Document) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI's marks for bytes and integer widths: annotations, not constraints on JSON values.
  ajv.addFormat('binary', true);
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const source = path
        .split('/')
        .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('/');
      routes.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}$`),
        params: (path.match(/\{/g) ?? []).length,
        operation,
      });
    }
  }
  // A literal segment wins over a parameter (`/files/uploads` before `/files/{id}`).
  routes.sort((a, b) => a.params - b.params);
  const compiled = new Map<string, ValidateFunction>();

  function validator(key: string, schema: unknown): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      try {
        validate = ajv.compile(schema as object);
      } catch (error) {
        throw new AnswerViolation(
          `${key}: the schema does not compile strictly: ${(error as Error).message}`,
        );
      }
      compiled.set(key, validate);
    }
    return validate;
  }

  let checked = 0;
  return {
    /** How many answers were checked against a schema (a test asserts it is not zero). */
    get checked() {
      return checked;
    },
    check(method: string, url: string, response: LightMyRequestResponse) {
      const upper = method.toUpperCase();
      const pathname = url.split('?')[0]!;
      const route = routes.find((r) => r.method === upper && r.pattern.test(pathname));
      // Routes the document hides (the SPA, sandbox pages, the docs themselves) answer outside it.
      if (!route || upper === 'HEAD') return;
      const where = `${upper} ${route.path} → ${response.statusCode}`;
      const status = String(response.statusCode);
      const responses = route.operation.responses ?? {};
      const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
      if (!declared) throw new AnswerViolation(`${where}: the status is not in the document`);
      const type = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const body = response.rawPayload;
      if (!declared.content || Object.keys(declared.content).length === 0) {
        if (body.length > 0) throw new AnswerViolation(`${where}: a body (${type}) where none is declared`);
        return;
      }
      const media = declared.content[type];
      if (!media) {
        const listed = Object.keys(declared.content).join(', ');
        throw new AnswerViolation(`${where}: ${type || 'no content type'} is not declared (${listed})`);
      }
      if (!JSON_MEDIA.test(type) || media.schema === undefined) return;
      const validate = validator(`${where} ${type}`, media.schema);
      checked++;
      if (!validate(JSON.parse(body.toString('utf8')))) {
        const errors = (validate.errors ?? [])
          .slice(0, 5)
          .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
          .join('; ');
        throw new AnswerViolation(
          `${where}: the answer breaks its schema: ${errors}\n${body.toString('utf8').slice(0, 800)}`,
        );
      }
    },
  };
}
