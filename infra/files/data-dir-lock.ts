import fs from 'node:fs';
import path from 'node:path';

// PGlite and chDB under DATA_DIR can be opened by one process at a time, and neither refuses a
// second one: it corrupts quietly. So the server and the CLI each claim the directory with a pid
// file first; a file left by a process that died is taken over.

export type DataDirClaim = { ok: true } | { ok: false; holderPid: number };

export function claimDataDir(dataDir: string): DataDirClaim {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'sointu.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      process.once('exit', () => {
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      });
      return { ok: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== null && holder !== process.pid && isAlive(holder)) return { ok: false, holderPid: holder };
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not claim ${dataDir}`);
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
