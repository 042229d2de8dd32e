// @ts-check
// Copies what some entry files need at run time into a folder laid out like the repository:
// the entries, every file their imports reach (traced by @vercel/nft, the tracer Next uses for
// its own standalone output), and pnpm's symlinks as symlinks, so packages resolve in the copy
// exactly as they do here.
import { copyFile, lstat, mkdir, readlink, symlink } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
// @ts-expect-error: Next ships nft compiled (CommonJS), without types
import nft from "next/dist/compiled/@vercel/nft/index.js";

/**
 * @param {{ root: string, into: string, entries: string[], extraFiles?: string[] }} options
 *   extraFiles: absolute paths of files the code reads by path, which no trace can see
 * @returns {Promise<number>} how many files and links were written
 */
export async function copyTraced({ root, into, entries, extraFiles = [] }) {
  /** @type {{ fileList: Set<string> }} */
  const { fileList } = await nft.nodeFileTrace(entries, { base: root, processCwd: root });
  const files = new Set([...fileList, ...extraFiles.map((file) => path.relative(root, file))]);
  let added = 0;
  for (const file of [...files].sort()) {
    const source = path.join(root, file);
    const target = path.join(into, file);
    const stat = await lstat(source);
    if (stat.isDirectory()) continue;
    await mkdir(path.dirname(target), { recursive: true });
    // Links Next made stay; files are copied over, so a rerun never leaves a stale bundle.
    if (stat.isSymbolicLink()) {
      if (existsSync(target)) continue;
      await symlink(await readlink(source), target);
    } else await copyFile(source, target);
    added++;
  }
  return added;
}
