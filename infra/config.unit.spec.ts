import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should default to port 3000 and the embedded stores', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', logLevel: 'info', databaseUrl: undefined, clickhouseUrl: undefined });
  });

  it('should generate secrets once and keep them under DATA_DIR across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.cookieSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.cookieSecret);
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ cookieSecret: first.cookieSecret, jwtSecret: first.jwtSecret });
    expect(loadConfig({ DATA_DIR: dataDir() }).cookieSecret).not.toBe(first.cookieSecret);
  });

  it('should prefer secrets from the environment and write nothing then', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, COOKIE_SECRET: 'from-env', JWT_SECRET: 'jwt-from-env' });
    expect(config).toMatchObject({ cookieSecret: 'from-env', jwtSecret: 'jwt-from-env' });
    expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });

  it('should read the service URLs and split the Kafka brokers', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '8080', DATABASE_URL: 'postgres://db/sointu', KAFKA_BROKERS: 'k1:9092, k2:9092' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://db/sointu', kafkaBrokers: ['k1:9092', 'k2:9092'] });
  });

  it('should read ICE_SERVERS as a JSON list, none by default, and refuse anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).iceServers).toEqual([]);
    const servers = [{ urls: 'stun:turn.example.org:3478' }, { urls: ['turn:turn.example.org:3478'], username: 'sointu', credential: 'secret' }];
    expect(loadConfig({ DATA_DIR: dataDir(), ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ICE_SERVERS: 'stun:x' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
  });

  it('should read IFRAME_HOSTS as host names, none by default, and refuse schemes, ports and paths', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).iframeHosts).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), IFRAME_HOSTS: ' Maps.Example.org, *.kartta.example ,' }).iframeHosts).toEqual(['maps.example.org', '*.kartta.example']);
    for (const bad of ['https://maps.example.org', 'maps.example.org:443', 'maps.example.org/embed', '*', '*.', 'a..b'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), IFRAME_HOSTS: bad }), bad).toThrow(/IFRAME_HOSTS/);
  });

  it('should refuse a malformed environment with the failing variable named', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
