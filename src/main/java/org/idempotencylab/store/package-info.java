/**
 * The idempotency stores a step can go through: the first article's in-memory store
 * ({@link org.idempotencylab.store.InMemoryIdempotencyStore}: saved value, shared run, failures not
 * remembered, TTL on the simulation clock), the second article's claim table
 * ({@link org.idempotencylab.store.ClaimStore}: {@code processed_jobs} with {@code in_progress}, {@code completed}
 * and a lease, as a model and over JDBC on SQLite or PostgreSQL), and the lock it is compared with
 * ({@link org.idempotencylab.store.LockOnlyStore}: SETNX with a TTL).
 *
 * <p>Imports: the JDK and the JDBC drivers only; no other layer of the lab. Times are virtual milliseconds
 * passed in by the caller: a store has no clock of its own.
 */
package org.idempotencylab.store;
