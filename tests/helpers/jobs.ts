import { queue, type JobName } from "~/services/queue.server";
import { runJob } from "~/services/worker.server";

/**
 * Works the queue now, in the test: fetches what is due on the given queues
 * and runs each job through the real handler, completing or failing it as
 * pg-boss's worker would. Returns how many ran.
 */
export async function runQueuedJobs(names: JobName[], options: { includeFuture?: boolean } = {}): Promise<number> {
  const boss = await queue();
  let ran = 0;
  for (const name of names) {
    const jobs = await boss.fetch(name, { batchSize: 100, ignoreStartAfter: options.includeFuture ?? false });
    for (const job of jobs) {
      try {
        await runJob(name, job.data as never, job.id);
        await boss.complete(name, job.id);
      } catch (error) {
        await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
      ran += 1;
    }
  }
  return ran;
}

/** Jobs waiting on a queue (created or retry), with their data. */
export async function queuedJobs(name: JobName) {
  const boss = await queue();
  return boss.findJobs(name, { queued: true });
}
