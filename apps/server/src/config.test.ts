import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = path.join(os.tmpdir(), 'bindery-config-test');
const base = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32) };

describe('loadConfig', () => {
  test('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      isSecure: false,
      storeName: 'Bindery',
      mainSiteUrl: '/',
      database: { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') },
    });
    // Without SESSION_SECRET a secret is generated once and reused.
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  test('DATABASE_URL selects PostgreSQL and https PUBLIC_URL makes cookies secure', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/shop' });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.isSecure).toBe(true);
  });

  test('reports every bad variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        PORT: 'abc',
        PUBLIC_URL: 'ftp://x',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems.find((line) => line.startsWith('PORT:'))).toMatch(
      /must be a port number \(got "abc"\)/,
    );
    expect(problems.find((line) => line.startsWith('PUBLIC_URL:'))).toBeDefined();
    expect(problems.find((line) => line.startsWith('DATABASE_URL:'))).toMatch(/postgres/);
    expect(problems.find((line) => line.startsWith('SESSION_SECRET:'))).toMatch(/32/);
    expect(problems.find((line) => line.startsWith('LOG_LEVEL:'))).toBeDefined();
  });

  test('ADMIN_EMAIL needs ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'a@b.co' })).toThrow(/set both or neither/);
  });

  test('.env.example documents every variable the server reads', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set(
      [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = [...source.matchAll(/^\s{2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(10);
    for (const name of read)
      expect(documented, `${name} missing from .env.example`).toContain(name);
  });
});
