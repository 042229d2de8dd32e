// CPU time spent by processes, read from /proc (Linux): the benchmarks report CPU milliseconds
// per request beside latency, because on a small shared machine latency swings with whatever
// else runs while CPU time per request stays put (a request costs the same work either way).
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node.js runs on

/** utime + stime of one process in ms, or 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** `pid` and all of its descendants. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** Total CPU ms of a set of processes, for taking differences around a measured stretch. */
export const cpuMsOf = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
