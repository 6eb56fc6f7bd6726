// Module load hook (runs on Node's loader thread): logs each ES module URL, changes nothing.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (process.env.CM_MODULE_LOG) appendFileSync(process.env.CM_MODULE_LOG, `${url}\n`);
  return nextLoad(url, context);
}
