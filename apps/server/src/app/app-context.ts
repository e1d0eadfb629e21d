import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { FastLane } from './http-server.js';
import type { RunJob } from './jobs.js';
import type { Readiness } from './migrate-when-reachable.js';
import type { AppOptions } from './options.js';

/** What every wiring step is handed: the app being built and what it was built with. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  options: AppOptions;
  database: DatabaseHandle;
  readiness: Readiness;
  runJob: RunJob;
  lane: FastLane;
}
