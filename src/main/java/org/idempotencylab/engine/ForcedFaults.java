package org.idempotencylab.engine;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Plays a schedule of faults back through the engine: each listed fault happens at the choice point it names
 * (same kind, job, call, attempt and virtual time), and nothing else fails. A counterexample the {@link Explorer}
 * reports, given to a {@link SignupSimulation}, runs to the same end. Not thread-safe: one per run.
 */
public final class ForcedFaults implements FaultChooser {
    private final Set<FaultKind> kinds;
    private final List<Fault> pending;

    /**
     * @param kinds  the kinds the exploration allowed: the run keeps what they need (a ledger per user for crashes
     *               and repeats, the races of simultaneous events), so it follows the explored run exactly
     * @param faults the faults to force, each at most once
     * @throws IllegalArgumentException if a fault's kind is not among {@code kinds}
     */
    public ForcedFaults(Set<FaultKind> kinds, List<Fault> faults) {
        this.kinds = kinds.isEmpty() ? EnumSet.noneOf(FaultKind.class) : EnumSet.copyOf(kinds);
        this.pending = new ArrayList<>(faults);
        for (Fault f : faults) {
            Objects.requireNonNull(f, "fault");
            if (!this.kinds.contains(f.kind())) {
                throw new IllegalArgumentException("faults: " + f.kind().cliName() + " is not among the kinds "
                        + this.kinds);
            }
        }
    }

    @Override
    public boolean allows(FaultKind kind) {
        return kinds.contains(kind);
    }

    @Override
    public int choose(ChoicePoint point) {
        for (int i = 0; i < pending.size(); i++) {
            Fault f = pending.get(i);
            if (f.isAt(point)) {
                pending.remove(i);
                return f.alternative();
            }
        }
        return 0;
    }

    /** @return the faults not forced yet: after a whole run, the ones that never met their choice point */
    public List<Fault> unused() {
        return List.copyOf(pending);
    }
}
