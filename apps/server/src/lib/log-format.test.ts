import { describe, expect, test } from 'vitest';
import { formatLogLine, redactUrl, resolveLogFormat } from './log-format.js';

const at = new Date(2026, 10, 25, 9, 5, 7).getTime();

describe('readable logs', () => {
  test('a request is one line: time, method, path, status, duration', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'r',
      req: { method: 'GET', url: '/store/products?page=2', reqId: 'r' },
      res: { statusCode: 200 },
      responseTime: 3.14159,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe('09:05:07 GET /store/products?page=2 200 3.1 ms\n');
    const slow = JSON.parse(line) as Record<string, unknown>;
    slow.responseTime = 1234.5;
    expect(formatLogLine(JSON.stringify(slow))).toBe(
      '09:05:07 GET /store/products?page=2 200 1235 ms\n',
    );
  });

  test('a failed request says so, with the error and its stack indented', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      req: { method: 'POST', url: '/api/orders' },
      res: { statusCode: 500 },
      responseTime: 12,
      err: { message: 'boom', stack: 'Error: boom\n    at here' },
      msg: 'request errored',
    });
    expect(formatLogLine(line)).toBe(
      '09:05:07 ERROR POST /api/orders 500 12 ms boom\n    Error: boom\n        at here\n',
    );
  });

  test('other lines: level (none for info), message and their own fields', () => {
    expect(
      formatLogLine(
        JSON.stringify({ level: 30, time: at, msg: 'Server listening at http://127.0.0.1:3000' }),
      ),
    ).toBe('09:05:07 Server listening at http://127.0.0.1:3000\n');
    expect(
      formatLogLine(
        JSON.stringify({ level: 40, time: at, msg: 'mail failed', mailId: 'm1', attempt: 2 }),
      ),
    ).toBe('09:05:07 WARN mail failed mailId=m1 attempt=2\n');
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  test('auto is readable on a terminal and JSON elsewhere', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  test('tokens in a request URL are redacted even in a line logged without the serializer', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      req: { method: 'GET', url: '/store/reset-password?token=secret-token' },
      res: { statusCode: 200 },
      responseTime: 1,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe(
      '09:05:07 GET /store/reset-password?token=[redacted] 200 1.0 ms\n',
    );
    expect(redactUrl('/api/downloads/abc.def?x=1')).toBe('/api/downloads/[redacted]?x=1');
  });
});
