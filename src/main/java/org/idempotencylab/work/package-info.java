/**
 * Real workers: the sign-up job run for real, in wall-clock time, by several operating-system processes that share
 * one PostgreSQL database ({@code work}). A durable job queue in a table, taken with {@code FOR UPDATE SKIP
 * LOCKED} and a visibility timeout (as pg-boss, River, graphile-worker and Oban take jobs), the second article's
 * claim table ({@code processed_jobs}, with its lease) or another store per step, a provider table that stands in
 * for the email provider and honours its key, and a chaos loop that kills worker processes with SIGKILL and
 * starts them again. The metrics are read back from the database's own records.
 *
 * <p>Times here are wall-clock milliseconds, never virtual ones: calls really sleep, and a lease really runs out.
 * Depends on the engine (metrics, steps, retry policy, random streams), the store (the claim table, the in-memory
 * store) and the scenario (parameters, strategies); the command line ({@code work}) and the window's Real workers tab ({@code ui.work}) use it.
 */
package org.idempotencylab.work;
