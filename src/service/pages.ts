// The server-rendered pages: takes the Fastify app and the service's context, registers the
// browser routes (a start page for now; the pages read the same records as the JSON API).
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from './context.js';

export function registerPages(app: FastifyInstance, _ctx: ServiceContext): void {
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>cm-certify service</title><p>cm-certify onboarding service: the JSON API is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>',
      ),
  );
}
