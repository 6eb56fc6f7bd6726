// The JSON API's OpenAPI 3.1 document: takes nothing, gives the document the service serves at
// /api/openapi.json (and docs/service.md points to). The request bodies are the schemas the
// routes validate with (api.ts); this document names them and what each route answers.
const bearer = [{ bearer: [] }, { session: [] }];
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: object = { type: 'object' }) => ({ description, ...json(schema) });
const errors = {
  '400': { description: 'invalid body; a profile problem names its line and column' },
  '401': { description: 'not logged in' },
  '403': { description: 'not allowed' },
  '404': { description: 'not found' },
};
const run = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    state: { enum: ['queued', 'running', 'done', 'interrupted', 'cancelled'] },
    verdict: { type: ['string', 'null'], description: 'the run verdict (certified, not-certified, …), error, or null while it runs' },
    attempt: { type: 'integer' },
    files: { type: 'array', items: { enum: ['report.json', 'report.html', 'junit.xml', 'channel-manager.json'] } },
    channel_manager: {
      type: 'object',
      description: "a PMS run, once a worker took it: where the partner's PMS connects (URL/<Operation>) and the worker's certificate to trust",
      properties: {
        url: { type: 'string' },
        fingerprint256: { type: 'string' },
        certificate_pem: { type: 'string' },
        not_after: { type: 'string', format: 'date-time' },
      },
    },
  },
};

export const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'cm-certify onboarding service', version: '1' },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'CM_SERVICE_TOKEN, or a token made with POST /api/tokens' },
      session: { type: 'apiKey', in: 'cookie', name: 'cm_session', description: 'a browser session; unsafe methods also need x-csrf-token' },
    },
  },
  security: bearer,
  paths: {
    '/api/keys': {
      get: {
        security: [],
        summary: "the team's public key (PEM), for verify-report --trust",
        responses: { '200': { description: 'PEM public key', content: { 'application/x-pem-file': {} } } },
      },
    },
    '/api/tokens': {
      post: {
        summary: 'make a bearer token (admin), or a read-only partner token',
        requestBody: json({
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, role: { enum: ['admin', 'partner'] }, partner_cid: { type: 'string' } },
        }),
        responses: { '201': ok('the token, shown once', { type: 'object', properties: { token: { type: 'string' }, link: { type: 'string' } } }), ...errors },
      },
    },
    '/api/partners': {
      get: { summary: 'every partner', responses: { '200': ok('partners', { type: 'array' }), ...errors } },
      post: {
        summary: 'add a partner',
        requestBody: json({ type: 'object', required: ['cid', 'name'], properties: { cid: { type: 'string' }, name: { type: 'string' } } }),
        responses: { '201': ok('added'), '409': { description: 'the cid exists' }, ...errors },
      },
    },
    '/api/partners/{cid}': { get: { summary: 'a partner, its candidates and its runs (newest first)', responses: { '200': ok('the partner'), ...errors } } },
    '/api/partners/{cid}/history': {
      get: {
        summary: "which checks changed over time: per check, its outcome in each of the partner's last 50 runs with a report, and the runs where it changed",
        responses: { '200': ok('runs (oldest first) and the checks that changed'), ...errors },
      },
    },
    '/api/partners/{cid}/candidates': {
      post: {
        summary: "add a candidate: the CLI's profile YAML, its secret variables (write-only: sealed, never returned), a CA PEM",
        requestBody: json({
          type: 'object',
          required: ['target', 'profile'],
          properties: {
            target: { enum: ['ota', 'pms'] },
            name: { type: 'string' },
            profile: { type: 'string' },
            secrets: { type: 'object', additionalProperties: { type: 'string' } },
            ca_pem: { type: 'string' },
          },
        }),
        responses: { '201': ok('the candidate id and its secret variable names'), ...errors },
      },
    },
    '/api/runs': {
      post: {
        summary: "queue a run of a candidate; on_interrupt: what a run whose worker dies does (default: the service's --on-interrupt)",
        requestBody: json({
          type: 'object',
          required: ['candidate'],
          properties: { candidate: { type: 'integer' }, on_interrupt: { enum: ['requeue', 'incomplete'] } },
        }),
        responses: { '201': ok('the run id', { type: 'object', properties: { id: { type: 'integer' }, state: { const: 'queued' } } }), ...errors },
      },
    },
    '/api/runs/{id}': { get: { summary: "a run's state and verdict", responses: { '200': ok('the run', run), ...errors } } },
    '/api/runs/{id}/cancel': { post: { summary: 'cancel a queued or running run', responses: { '200': ok('the run', run), ...errors } } },
    '/api/runs/{id}/events': {
      get: { summary: "the run's progress lines after ?after=ID (every attempt's)", responses: { '200': ok('lines', { type: 'array' }), ...errors } },
    },
    '/api/runs/{id}/report.json': {
      get: { summary: 'the JSON report with its signed certificate', responses: { '200': { description: 'report.json' }, ...errors } },
    },
    '/api/runs/{id}/report.html': { get: { summary: 'the HTML report', responses: { '200': { description: 'report.html' }, ...errors } } },
    '/api/runs/{id}/junit.xml': { get: { summary: 'the JUnit report', responses: { '200': { description: 'junit.xml' }, ...errors } } },
    '/api/diff': { get: { summary: 'what changed between ?older=ID and ?newer=ID (cm-certify diff)', responses: { '200': ok('the diff'), ...errors } } },
    '/api/verify': {
      post: {
        summary: "verify-report's answer for an uploaded report, trusting the service's key",
        requestBody: json({ type: 'object', required: ['report'], properties: { report: { type: 'string' } } }),
        responses: { '200': ok('the answer'), ...errors },
      },
    },
    '/api/candidates/{id}/waivers': {
      get: { summary: "a candidate's waivers (revoked ones too, with who revoked them)", responses: { '200': ok('waivers', { type: 'array' }), ...errors } },
      post: {
        summary:
          "approve a waiver for the candidate's next runs: approved_by is who asks (the member, or the token's maker), never given; expires within 366 days; checked as `--waivers` is",
        requestBody: json({
          type: 'object',
          required: ['check', 'reason', 'expires'],
          properties: {
            check: { type: 'string', description: 'a check id of the target (cm-certify list); transport checks cannot be waived' },
            suite: { type: 'string' },
            reason: { type: 'string', maxLength: 1000 },
            expires: { type: 'string', format: 'date', description: 'the last day it holds (UTC)' },
          },
        }),
        responses: { '201': ok('the waiver, with approved_by'), ...errors },
      },
    },
    '/api/waivers/{id}/revoke': {
      post: { summary: 'withdraw a waiver from later runs (kept in the record)', responses: { '200': ok('the waiver'), ...errors } },
    },
    '/api/audit': { get: { summary: 'the audit log, newest first', responses: { '200': ok('entries', { type: 'array' }), ...errors } } },
  },
} as const;
