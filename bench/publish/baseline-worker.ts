// Baseline for the publish benchmark: pg-boss alone delivering jobs to a bare HTTP call.
// One process of two: batchSize 50, pollingIntervalSeconds 0.5, each batch's calls sent at once.
import { PgBoss } from 'pg-boss';

const connectionString = process.env.BASELINE_DATABASE_URL as string;
const receiver = process.env.BASELINE_RECEIVER_URL as string;
const queue = process.env.BASELINE_QUEUE as string;

const boss = new PgBoss({ connectionString, max: 6, supervise: false, schedule: false, application_name: 'postflow-bench-baseline' });
boss.on('error', (error) => console.error('baseline pg-boss:', error.message));
await boss.start();
await boss.work<{ seq: number }>(queue, { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs) => {
  await Promise.all(
    jobs.map(async (job) => {
      const response = await fetch(`${receiver}/r/${job.data.seq}`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      await response.text();
    }),
  );
});
console.log('baseline worker ready');
process.on('SIGTERM', () => {
  void boss.stop({ graceful: false, close: true }).then(() => process.exit(0));
});
