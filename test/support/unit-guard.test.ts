// The unit lane's fence (test/support/unit-guard.setup.ts), proven from inside the lane it
// fences: takes nothing, gives failures if a server can listen, a socket can connect or a
// process can start in a unit test file. Lives in the unit lane (listed nowhere).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';

describe('the unit lane', () => {
  it('refuses a listening server, naming the lane rule', () => {
    expect(() => createServer().listen(0, '127.0.0.1')).toThrow(/not allowed in the unit lane.*INTEGRATION in test\/lanes\.ts/);
  });

  it('refuses a socket connecting', () => {
    expect(() => connect(1, '127.0.0.1')).toThrow(/socket connecting is not allowed in the unit lane/);
  });

  it('refuses child processes, through the named imports too', () => {
    expect(() => spawn(process.execPath, ['-e', '0'])).toThrow(/child_process\.spawn is not allowed/);
    expect(() => spawnSync(process.execPath, ['-e', '0'])).toThrow(/child_process\.spawnSync is not allowed/);
    expect(() => execFile(process.execPath, ['-e', '0'])).toThrow(/child_process\.execFile is not allowed/);
  });
});
