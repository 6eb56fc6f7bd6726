// Readings of the transport and the bodies: takes nothing, gives how deep a JSON body may nest,
// what a repeated key or a number past the safe-integer range is, and why only a full HTTPS
// run, in both directions, certifies.
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
      id: 'D-321',
      title: 'A repeated key in a JSON object is a failure, shown with both values',
      quotes: [
        quote(SPEC.overview, 'Every operation is an HTTP POST of a JSON body to `{base_url}/<OperationName>`.'),
        quote(SPEC.endpoints, 'Responses are HTTP 200 with `application/json`.'),
      ],
      summary: 'An object that repeats a key (`"success": false … "success": true`) means one thing to one parser and another to the next: a required failure.',
      reading:
        "The spec's bodies are JSON objects whose fields each appear once; it does not say what a repeated name means. RFC 8259 (section 4) says the names of an object should be unique and that receivers of one that repeats a name behave unpredictably: JavaScript's JSON.parse keeps the last value, other parsers the first or refuse the body. A body that repeats a key therefore has no one meaning, and the certifier cannot know which the other side will read. Every body a candidate sends is scanned before parsing (src/support/json-scan.ts); each repeated key fails protocol.json-unique-keys (responses) or protocol.request-unique-keys (a PMS's requests) at the required level, and the message shows the object, the key and both values as written. The other checks judge the body as JSON.parse reads it (the last value).",
      rules: ['http-response-200-json', 'http-request-json'],
      checks: { 'protocol.json-unique-keys': 'required', 'protocol.request-unique-keys': 'required' },
    },
    {
      id: 'D-322',
      title: 'Numbers past the safe-integer range: a warning, and their exact text kept',
      quotes: [quote(SPEC.roomsItem, '| wbp_room_id | integer | yes | Room id on the OTA |')],
      summary: 'An integer past ±(2^53 − 1) is a warning naming its exact text; cm-certify keeps and sends that text, so an id is never rounded.',
      reading:
        "The spec types some ids as integers (GetRoomTypes' wbp_room_id, the PMS's pms_room_id and pms_rate_id) and sets no upper bound. RFC 8259 (section 6) warns that numbers past the range of a double are not read exactly by many parsers (JavaScript's among them: 12345678901234567891 becomes 12345678901234567000), and I-JSON (RFC 7493) forbids relying on more. The spec does not forbid such an id, so sending one is no failure: protocol.json-safe-integers (responses) and protocol.request-safe-integers (requests) are recommended, a warning that names the pointer and the exact text. The certifier itself never rounds: the scan keeps each such number's text, the body the checks and later steps read holds that text (so the id the harness sends back is the one the candidate sent), while the schema and body-rule checks read the body as sent (the number is an integer to them).",
      rules: ['http-response-200-json', 'http-request-json'],
      checks: { 'protocol.json-safe-integers': 'recommended', 'protocol.request-safe-integers': 'recommended' },
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
