// Readings of the transport and the bodies: takes nothing, gives how deep a JSON body may nest
// and why only a full HTTPS run, in both directions, certifies.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const HTTPS = quote(SPEC.authentication, 'HTTPS is required for every endpoint, on the channel manager and on the PMS.');

export const PROTOCOL: ReadingTopic = {
  title: 'Transport and bodies',
  readings: [
    {
      id: 'D-185',
      title: 'JSON nested at most 64 levels deep',
      quotes: [
        quote(SPEC.overview, 'Every operation is an HTTP POST of a JSON body to `{base_url}/<OperationName>`.'),
        quote(SPEC.endpoints, 'Responses are HTTP 200 with `application/json`.'),
      ],
      summary: 'A body that opens more than 64 arrays or objects at once is refused before parsing, as not a usable JSON body.',
      reading:
        'The spec says nothing of depth. The certifier refuses, before parsing, any body that opens more than 64 arrays or objects at once (a linear scan): the candidate fails the JSON-body check ("nests ... more than 64 levels deep") with its text kept as evidence, and no serialiser, digest, validator or mock model of the harness meets a deeper value. Reports may nest a candidate\'s value a few levels down, so verify-report accepts up to 128.',
      rules: ['http-response-200-json', 'http-request-json'],
      checks: { 'protocol.json-body': 'required', 'protocol.request-json': 'required' },
    },
    {
      id: 'D-200',
      title: 'Only a full HTTPS run certifies',
      quotes: [HTTPS],
      summary:
        'CERTIFIED needs the whole selection over HTTPS with certificate verification on; --allow-http makes https.required a warning and certifies nothing.',
      reading:
        "certified needs: no selection (--suite, --grep, --bail), the candidate's base URL over https, for the PMS target a mock channel manager serving TLS (the PMS's own requests travel over HTTPS too), TLS certificate verification on, and no --allow-http. A run that relaxed the HTTPS rule (--allow-http makes https.required a warning) certifies nothing even when its base URL happens to be https: its verdict is passed-insecure at best.",
      rules: ['auth-https'],
      checks: { 'https.required': 'required' },
    },
    {
      id: 'D-241',
      title: 'Plain HTTP in either direction is never a certification (PMS target)',
      quotes: [HTTPS],
      summary: 'A PMS run whose mock served plain HTTP, or whose callbacks went to http://, cannot prove the PMS talks HTTPS: never certified.',
      reading:
        "The mock channel manager is the channel manager's endpoint, so it serves HTTPS unless --mock-http or tls.plain_http asks otherwise. A PMS run whose mock served plain HTTP, or whose callbacks went to an http:// base URL, cannot have proven the PMS talks HTTPS: transport is https only when both the candidate and the mock transports are. A run whose required checks all passed is then passed-insecure, never certified, and the notes name what asked for plain HTTP.",
      rules: ['auth-https'],
      checks: { 'https.required': 'required' },
    },
  ],
};
