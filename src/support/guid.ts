// Request guids: takes nothing, gives a fresh 8-4-4-4-12 hexadecimal guid per call.
import { randomUUID } from 'node:crypto';

export function newGuid(): string {
  return randomUUID();
}
