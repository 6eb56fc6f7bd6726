// Log in with OIDC, when configured (issue 29 item 7, ADR 0027): takes the service's context
// and the environment (CM_OIDC_ISSUER, CM_OIDC_CLIENT_ID, CM_OIDC_CLIENT_SECRET, optionally
// CM_OIDC_ALLOWED: emails or @domains), gives the /login/oidc routes — the authorization-code
// flow with PKCE, state and nonce through openid-client (discovery, the token exchange, the ID
// token's issuer, audience, nonce and times checked by the library; it comes straight from the
// issuer's token endpoint over TLS, which is why the issuer must be https but on this machine) — and a service session for the
// member the issuer names (by email), exactly as a local login makes one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { createSession } from './accounts.js';
import type { ServiceContext } from './context.js';
import { cookiesOf, SESSION_COOKIE } from './http-auth.js';
import { loginPage } from './page-html.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who may log in: emails and @domains; empty: whoever the issuer authenticates for this client. */
  allowed: string[];
}

const FLOW_COOKIE = 'cm_oidc';
/** A login started and not finished within this is refused. */
const FLOW_SECONDS = 600;
/** The password hash of an account made by OIDC: no password opens it. */
const OIDC_ACCOUNT = 'oidc';

export function oidcSettings(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const issuer = env.CM_OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  const clientId = env.CM_OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new Error('CM_OIDC_ISSUER is set: set CM_OIDC_CLIENT_ID (and CM_OIDC_CLIENT_SECRET) too');
  const allowed = (env.CM_OIDC_ALLOWED ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  return { issuer, clientId, clientSecret: env.CM_OIDC_CLIENT_SECRET ?? '', allowed };
}

function allows(settings: OidcSettings, email: string): boolean {
  if (!settings.allowed.length) return true;
  const lower = email.toLowerCase();
  return settings.allowed.some((a) => (a.startsWith('@') ? lower.endsWith(a) : lower === a));
}

/** The service's own address, as the browser reached it: the redirect URI the issuer sends the code back to. */
function callbackUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/login/oidc/callback`;
}

export async function registerOidc(app: FastifyInstance, ctx: ServiceContext, settings: OidcSettings): Promise<void> {
  const issuer = new URL(settings.issuer);
  // Plain http only for an issuer on this machine (a test's, or a local one).
  const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  let config: oidc.Configuration | undefined;
  const configuration = async (): Promise<oidc.Configuration> =>
    (config ??= await oidc.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret || undefined,
      undefined,
      local ? { execute: [oidc.allowInsecureRequests] } : {},
    ));
  const secure = ctx.secureCookies ? '; Secure' : '';
  const fail = async (reply: FastifyReply, why: string, code = 401) => {
    await ctx.store.audit('?', 'failed login', 'oidc', why);
    return reply
      .code(code)
      .type('text/html; charset=utf-8')
      .send(loginPage(`OIDC: ${why}`, true));
  };

  app.get('/login/oidc', async (request, reply) => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(await configuration(), {
      redirect_uri: callbackUrl(request),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // SameSite=Lax: the issuer's redirect back is a cross-site top-level GET, which Strict would strip.
    const flow = encodeURIComponent(JSON.stringify({ verifier, state, nonce }));
    return reply
      .header('set-cookie', `${FLOW_COOKIE}=${flow}; Path=/login/oidc; HttpOnly; SameSite=Lax; Max-Age=${FLOW_SECONDS}${secure}`)
      .redirect(url.href, 302);
  });

  app.get('/login/oidc/callback', async (request, reply) => {
    let flow: { verifier: string; state: string; nonce: string };
    try {
      flow = JSON.parse(cookiesOf(request)[FLOW_COOKIE] ?? '') as typeof flow;
    } catch {
      return fail(reply, 'no login under way in this browser (start again)', 400);
    }
    const current = new URL(request.url, callbackUrl(request));
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims() as Record<string, unknown> | undefined;
    } catch (error) {
      return fail(reply, `the issuer's answer was refused (${error instanceof Error ? error.message : String(error)})`);
    }
    const email = typeof claims?.email === 'string' ? claims.email : undefined;
    if (!email || claims?.email_verified === false) return fail(reply, 'the issuer gave no verified email for this account', 403);
    if (!allows(settings, email)) return fail(reply, `${email} is not allowed here (CM_OIDC_ALLOWED)`, 403);
    const [account] = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM cm_users WHERE username = $1', [email]);
    if (account && account.password_hash !== OIDC_ACCOUNT) return fail(reply, `${email} is a local account: log in with its password`, 403);
    if (!account) await ctx.db.query('INSERT INTO cm_users (username, password_hash) VALUES ($1, $2)', [email, OIDC_ACCOUNT]);
    const session = await createSession(ctx.db, email);
    await ctx.store.audit(email, 'logged in', 'account', `oidc ${settings.issuer}`);
    return reply
      .header('set-cookie', [
        `${SESSION_COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200${secure}`,
        `${FLOW_COOKIE}=; Path=/login/oidc; Max-Age=0`,
      ])
      .redirect('/partners', 303);
  });
}
