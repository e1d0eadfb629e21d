import { stampPdfFile, type StampResult } from './stamp-pdf.js';

/** One job, sent by stamp-runner.ts over the IPC channel. */
export interface StampJob {
  input: string;
  output: string;
  line: string;
}

/** What the child answers: the result and its own peak memory. */
export type StampReply = StampResult & { maxRssBytes: number };

// A child process of its own for each stamp: its heap is bounded by the runner and all of its
// memory goes back to the system when it exits.
process.once('message', (job: StampJob) => {
  void stampPdfFile(job.input, job.output, job.line).then((result) => {
    const reply: StampReply = { ...result, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
    process.send!(reply, () => process.exit(0));
  });
});
