package org.idempotencylab.ui.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.store.ClaimResult.Kind;
import org.idempotencylab.store.ClaimResult;
import org.idempotencylab.store.ClaimRow.Status;
import org.idempotencylab.store.ClaimStoreException;
import org.idempotencylab.store.InMemoryClaimTable;
import org.idempotencylab.store.JdbcClaimStore;
import org.junit.jupiter.api.Test;

/**
 * The claim table's view-model on the plain model of the second article's {@code processed_jobs} table, driven
 * the way the key store's flush drives it: change the store, then {@code refresh(nowMs)}. No FX toolkit.
 */
class ClaimTableViewModelTest {
    private static final String FP = "fp-1";
    /** The lease every claim here takes, virtual ms. */
    private static final long LEASE_MS = 1_000;

    private final InMemoryClaimTable store = new InMemoryClaimTable();
    private final ClaimTableViewModel vm = new ClaimTableViewModel();

    private static ClaimStoreException aDatabaseFailure() {
        // ClaimStoreException has no public constructor: take a real one from the JDBC store.
        return assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open("jdbc:mysql://db/lab"));
    }

    private void assertCounters(int inProgress, int completed, int expiredLeases, int reclaimed) {
        assertEquals(inProgress, vm.inProgressProperty().get(), "in progress");
        assertEquals(completed, vm.completedProperty().get(), "completed");
        assertEquals(expiredLeases, vm.expiredLeasesProperty().get(), "expired leases");
        assertEquals(reclaimed, vm.reclaimedProperty().get(), "reclaimed");
    }

    @Test
    void aClaimIsInProgressWithItsLeaseThenCompletedAndAnExpiredLeaseIsReclaimed() {
        vm.attach(store);
        assertTrue(vm.inUseProperty().get());
        assertTrue(vm.rows().isEmpty(), "nothing is read before the first refresh");

        // w1 claims the charge at 0 (lease to 1,000); w2 claims the email at 100 (lease to 1,100).
        assertEquals(Kind.CLAIMED, store.claim("charge:order_1", FP, "w1", 0, LEASE_MS).kind());
        assertEquals(Kind.CLAIMED, store.claim("email:user_2", FP, "w2", 100, LEASE_MS).kind());
        vm.refresh(400);
        assertEquals(2, vm.rows().size());
        ClaimTableRow charge = vm.rows().get(0); // created_at 0 comes before created_at 100
        ClaimTableRow email = vm.rows().get(1);
        assertEquals("charge:order_1", charge.key());
        assertEquals(Status.IN_PROGRESS, charge.status());
        assertEquals("w1", charge.owner());
        assertEquals(1_000, charge.lockedUntilMs(), "claimed at 0 with a 1,000 ms lease");
        assertNull(charge.result());
        assertEquals(1, charge.claims());
        assertEquals(0, charge.createdAtMs());
        assertNull(charge.completedAtMs());
        assertEquals("lease ends in 0.6 s", charge.countdownText(400), "1,000 - 400 = 600 ms left");
        assertEquals("lease ends in 0.7 s", email.countdownText(400), "1,100 - 400 = 700 ms left");
        assertEquals(1_000, vm.spanMs(), "a row claimed once shows the lease: locked_until 1,000 - created_at 0");
        assertEquals(1_000, charge.ttlMs());
        assertEquals(0.6, charge.remainingFraction(400), 1e-12, "600 of 1,000 ms left");
        assertCounters(2, 0, 0, 0);
        assertEquals("Rows 2 · In progress 2 · Completed 0 · Expired leases 0 · Reclaimed 0",
                vm.countersProperty().get());
        assertEquals(2, vm.totalRowsProperty().get());
        assertEquals("", vm.statusProperty().get(), "every row shown, no error");
        assertNull(vm.errorProperty().get());
        assertEquals(400, vm.nowMsProperty().get());

        // From here on the rows change in place; they move only when a status changes (in_progress first).
        ListMirror<ClaimTableRow> mirror = new ListMirror<>(vm.rows());
        List<Status> chargeStatuses = new ArrayList<>();
        charge.statusProperty().addListener((obs, old, s) -> chargeStatuses.add(s));

        // w1 finishes the charge at 700; w2 crashes and never completes the email.
        assertTrue(store.complete("charge:order_1", "w1", "{\"chargeId\":\"ch_1\"}", 700));
        vm.refresh(1_100);
        assertSame(email, vm.rows().get(0), "in_progress first: the row the lesson is about");
        assertSame(charge, vm.rows().get(1), "the same row object, updated in place, after it");
        assertEquals(List.of(Status.COMPLETED), chargeStatuses, "the status changed once");
        assertEquals("{\"chargeId\":\"ch_1\"}", charge.result());
        assertEquals(700L, charge.completedAtMs());
        assertEquals("never reclaimed", charge.countdownText(1_100));
        assertEquals(Long.MAX_VALUE, charge.expiresAtMs(), "a completed row has no countdown");
        assertEquals("lease ends now", email.countdownText(1_100), "locked_until 1,100 still holds at 1,100");
        assertFalse(email.reclaimable(1_100));
        assertCounters(1, 1, 0, 0);

        vm.refresh(1_600);
        assertEquals("lease expired 0.5 s ago — reclaimable", email.countdownText(1_600), "1,600 - 1,100 = 500 ms");
        assertTrue(email.reclaimable(1_600));
        assertTrue(email.expired(1_600), "the cell shows it in the expired style");
        assertCounters(1, 1, 1, 0);
        assertEquals("Rows 2 · In progress 1 · Completed 1 · Expired leases 1 · Reclaimed 0",
                vm.countersProperty().get());

        // A completed key is never reclaimed, however old its lease; the expired in_progress one is.
        assertEquals(Kind.COMPLETED, store.claim("charge:order_1", FP, "w3", 1_600, LEASE_MS).kind());
        ClaimResult retaken = store.claim("email:user_2", FP, "w3", 1_600, LEASE_MS);
        assertEquals(Kind.RECLAIMED, retaken.kind());
        vm.refresh(1_700);
        assertSame(email, vm.rows().get(0));
        assertEquals(Status.IN_PROGRESS, email.status());
        assertEquals("w3", email.owner());
        assertEquals(2, email.claims(), "claimed by w2, then reclaimed by w3");
        assertEquals(2_600, email.lockedUntilMs(), "reclaimed at 1,600 with a 1,000 ms lease");
        assertEquals(100, email.createdAtMs(), "a reclaim keeps created_at");
        assertEquals("lease ends in 0.9 s", email.countdownText(1_700), "2,600 - 1,700 = 900 ms");
        assertEquals(1_000, vm.spanMs(), "still the one lease the run uses");
        assertCounters(1, 1, 0, 1);
        assertEquals(2, mirror.events, "after the first refresh, one move only: the completed charge went after "
                + "the email in progress (one removal, one addition)");
        assertEquals(vm.rows(), mirror.copy, "the events describe the list exactly");
        assertEquals(List.of(email, charge), vm.rows());
    }

    @Test
    void keysGoneAreRemovedNewOnesAppendedAndTheOthersKeepTheirRowObjects() {
        vm.attach(store);
        store.claim("k1", FP, "w1", 0, LEASE_MS);
        store.claim("k2", FP, "w2", 10, LEASE_MS);
        store.claim("k3", FP, "w3", 20, LEASE_MS);
        vm.refresh(30);
        ClaimTableRow k1 = vm.rows().get(0);
        ClaimTableRow k3 = vm.rows().get(2);
        ListMirror<ClaimTableRow> mirror = new ListMirror<>(vm.rows());

        // w2's run fails and releases k2 (the row is deleted); k4 is claimed at 40.
        assertTrue(store.release("k2", "w2"));
        store.claim("k4", FP, "w4", 40, LEASE_MS);
        vm.refresh(50);
        assertEquals(List.of("k1", "k3", "k4"), vm.rows().stream().map(ClaimTableRow::key).toList());
        assertSame(k1, vm.rows().get(0));
        assertSame(k3, vm.rows().get(1));
        assertEquals(2, mirror.events, "one change removing k2, one appending k4");
        assertEquals(vm.rows(), mirror.copy, "the events describe the list exactly");

        // k1 is released and claimed again at 60: a new created_at moves it to the end, as the same row object.
        assertTrue(store.release("k1", "w1"));
        store.claim("k1", FP, "w5", 60, LEASE_MS);
        vm.refresh(70);
        assertEquals(List.of("k3", "k4", "k1"), vm.rows().stream().map(ClaimTableRow::key).toList());
        assertSame(k1, vm.rows().get(2), "kept by key");
        assertEquals("w5", k1.owner());
        assertEquals(60, k1.createdAtMs());
        assertEquals(vm.rows(), mirror.copy);
        assertEquals(4, mirror.events, "at most one removal and one addition per refresh");

        vm.refresh(80); // nothing changed in the store: no change event at all
        assertEquals(4, mirror.events);
    }

    @Test
    void aFailedReadKeepsTheRowsAndShowsTheMessageUntilAReadWorksAgain() {
        FlakyClaimStore flaky = new FlakyClaimStore(store);
        vm.attach(flaky);
        store.claim("charge:order_1", FP, "w1", 0, LEASE_MS);
        store.claim("email:user_2", FP, "w2", 100, LEASE_MS);
        store.complete("email:user_2", "w2", "sent", 300);
        vm.refresh(500);
        ClaimTableRow charge = vm.rows().get(0);
        assertCounters(1, 1, 0, 0);

        ClaimStoreException failure = aDatabaseFailure();
        flaky.failure = failure;
        store.claim("k3", FP, "w3", 600, LEASE_MS); // in the store, but the view cannot read it
        vm.refresh(1_500);
        assertEquals(failure.getMessage(), vm.errorProperty().get());
        assertEquals(failure.getMessage() + " (showing the rows read at 0:00.500)", vm.statusProperty().get());
        assertEquals(2, vm.rows().size(), "the rows read at 500 stay");
        assertSame(charge, vm.rows().get(0));
        assertEquals(2, vm.totalRowsProperty().get(), "the count of the last read that worked");
        // The clock still moves: charge's lease (to 1,000) has run out by 1,500, so it is counted expired.
        assertCounters(1, 1, 1, 0);
        assertEquals(1_500, vm.nowMsProperty().get());

        flaky.failure = null;
        vm.refresh(1_600);
        assertNull(vm.errorProperty().get());
        assertEquals("", vm.statusProperty().get());
        assertEquals(3, vm.rows().size(), "k3 shows once the store can be read");
        assertSame(charge, vm.rows().get(0));

        store.close(); // a store closed under the view: no exception, the message instead
        vm.refresh(1_700);
        assertEquals("the claim table is closed", vm.errorProperty().get());
        assertEquals("the claim table is closed (showing the rows read at 0:01.600)", vm.statusProperty().get());
        assertEquals(3, vm.rows().size());
    }

    @Test
    void aFailureOnTheFirstReadShowsTheMessageAlone() {
        FlakyClaimStore flaky = new FlakyClaimStore(store);
        flaky.failure = aDatabaseFailure();
        vm.attach(flaky);
        vm.refresh(0);
        assertEquals(flaky.failure.getMessage(), vm.statusProperty().get(), "no rows were ever read");
        assertTrue(vm.rows().isEmpty());
    }

    @Test
    void moreRowsThanTheLimitShowTheInProgressOnesFirstAndCountTheWholeTable() {
        ClaimTableViewModel three = new ClaimTableViewModel(3);
        FlakyClaimStore counted = new FlakyClaimStore(store);
        three.attach(counted);
        for (int i = 0; i < 5; i++) {
            store.claim("k" + i, FP, "w" + i, i, LEASE_MS); // created_at 0..4: k0..k4 in that order
        }
        store.complete("k1", "w1", "done", 10);
        three.refresh(20);
        // in_progress first (k0, k2, k3, k4 by created_at), cut at 3: the completed k1 is not among them
        assertEquals(List.of("k0", "k2", "k3"), three.rows().stream().map(ClaimTableRow::key).toList());
        assertEquals(3, counted.lastLimit, "the store is asked for 3 rows, not all 5");
        assertEquals(5, three.totalRowsProperty().get());
        assertEquals("Showing 3 of 5 rows (in_progress first, then the oldest).", three.statusProperty().get());
        assertEquals("Rows 5 · In progress 4 · Completed 1 · Expired leases 0 · Reclaimed 0",
                three.countersProperty().get(), "counted over the whole table, not over the 3 shown");
        assertEquals(4, three.inProgressProperty().get());
        assertEquals(1, three.completedProperty().get());

        // k0 fails and is released: k4 moves up into the 3 shown.
        store.release("k0", "w0");
        three.refresh(30);
        assertEquals(List.of("k2", "k3", "k4"), three.rows().stream().map(ClaimTableRow::key).toList());
        assertEquals("Showing 3 of 4 rows (in_progress first, then the oldest).", three.statusProperty().get());
        // the leases run out: every one of the table's in_progress rows counts as expired, shown or not
        three.refresh(LEASE_MS + 10);
        assertEquals(3, three.expiredLeasesProperty().get());

        // The default limit is 500: 502 rows say so.
        for (int i = 5; i <= 502; i++) { // k5..k502: 498 more, 502 in all with k1..k4
            store.claim("k" + i, FP, "w", i, LEASE_MS);
        }
        assertEquals(502, store.size());
        vm.attach(store);
        vm.refresh(600);
        assertEquals(500, vm.rows().size());
        assertEquals(502, vm.totalRowsProperty().get());
        assertEquals("Showing 500 of 502 rows (in_progress first, then the oldest).", vm.statusProperty().get());
        assertEquals(ClaimTableViewModel.DEFAULT_LIMIT, vm.limit());
    }

    @Test
    void claimsStuckInProgressBehindThousandsOfCompletedRowsAreShownAndCounted() {
        // as in the stuck-in_progress preset: ~2,000 completed rows, then a crash leaves a few claims in_progress
        for (int i = 0; i < 1_960; i++) {
            store.claim("done:" + i, FP, "w", i, LEASE_MS);
            store.complete("done:" + i, "w", "ok", i + 1);
        }
        for (int i = 0; i < 6; i++) {
            store.claim("stuck:" + i, FP, "crashed", 5_000 + i, 60_000);
        }
        vm.attach(store);
        vm.refresh(6_000);
        assertEquals(500, vm.rows().size());
        assertEquals(List.of("stuck:0", "stuck:1", "stuck:2", "stuck:3", "stuck:4", "stuck:5"),
                vm.rows().subList(0, 6).stream().map(ClaimTableRow::key).toList(),
                "the claims the lesson is about come first, beyond the 500-row limit");
        assertEquals("Rows 1,966 · In progress 6 · Completed 1,960 · Expired leases 0 · Reclaimed 0",
                vm.countersProperty().get());
        assertEquals(6, vm.inProgressProperty().get());
    }

    @Test
    void withoutAStoreNothingIsInUseOrRead() {
        vm.attach(store);
        store.claim("k", FP, "w", 0, LEASE_MS);
        vm.refresh(10);
        assertEquals(1, vm.rows().size());
        vm.attach(null);
        assertFalse(vm.inUseProperty().get());
        assertTrue(vm.rows().isEmpty());
        assertEquals("", vm.countersProperty().get());
        vm.refresh(20);
        assertTrue(vm.rows().isEmpty());
        assertEquals(20, vm.nowMsProperty().get(), "the clock still follows");
    }

    @Test
    void aLimitOutOfRangeNamesTheFieldAndTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClaimTableViewModel(0));
        assertEquals("limit: 0 is outside the allowed range 1 to 100000 rows", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LockTableViewModel(100_001));
    }
}
