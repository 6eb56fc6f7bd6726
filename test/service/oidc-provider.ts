// A small OIDC provider for the service's tests, on 127.0.0.1 (plain http): takes the client
// id and secret it knows and the account it logs in (no login form: it approves at once),
// gives its issuer URL — discovery, an authorization endpoint that redirects back with a code,
// a token endpoint that checks the client's secret and the PKCE verifier and answers an RS256
// ID token signed with a key made here, and the JWKS — and `close`. `override` replaces claims
// of the next ID tokens (another audience, another nonce: tokens the client must refuse).
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestProvider {
  issuer: string;
  /** The ID token's claims for the next login. */
  account: Record<string, unknown>;
  override: Record<string, unknown>;
  close(): Promise<void>;
}

const b64 = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export async function startTestProvider(clientId: string, clientSecret: string, account: Record<string, unknown>): Promise<TestProvider> {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, { nonce: string; challenge: string; redirect: string }>();
  const provider: TestProvider = { issuer: '', account, override: {}, close: async () => undefined };
  const jwt = (claims: Record<string, unknown>): string => {
    const head = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'k1' }));
    const body = b64(JSON.stringify(claims));
    return `${head}.${body}.${b64(sign('sha256', Buffer.from(`${head}.${body}`), key.privateKey))}`;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', provider.issuer);
    const json = (code: number, value: unknown) => response.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    if (url.pathname === '/jwks') return json(200, { keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256') return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, { nonce: q.get('nonce') ?? '', challenge: q.get('code_challenge') ?? '', redirect: q.get('redirect_uri') ?? '' });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      back.searchParams.set('iss', provider.issuer);
      return response.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        // client_secret_basic or client_secret_post (openid-client's default for a secret).
        const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [id, secret] = request.headers.authorization
          ? basic.split(':').map((p) => decodeURIComponent(p))
          : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!grant || grant.redirect !== form.get('redirect_uri') || b64(createHash('sha256').update(verifier).digest()) !== grant.challenge)
          return json(400, { error: 'invalid_grant' });
        const now = Math.floor(Date.now() / 1000);
        const idToken = jwt({ iss: provider.issuer, aud: clientId, iat: now, exp: now + 300, nonce: grant.nonce, ...provider.account, ...provider.override });
        return json(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise((done) => server.close(() => done()));
  return provider;
}
