// The machine a benchmark ran on: takes nothing, gives CPU model, cores, RAM, Node
// version, OS and the date, as the benchmark table's header and docs/benchmarks.md record.
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  os: string;
  date: string;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1]!.trim();
  } catch {
    // not Linux: os.cpus() below
  }
  return cpus()[0]?.model ?? 'unknown';
}

function osName(): string {
  try {
    const pretty = readFileSync('/etc/os-release', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('PRETTY_NAME='));
    if (pretty) return `${pretty.slice('PRETTY_NAME='.length).replace(/"/g, '')} (${type()} ${release()})`;
  } catch {
    // not Linux
  }
  return `${type()} ${release()}`;
}

export function describeMachine(): Machine {
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    ramGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: osName(),
    date: new Date().toISOString().slice(0, 10),
  };
}
