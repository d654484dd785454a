package org.idempotencylab.engine;

import org.idempotencylab.scenario.StoreKind;

/** {@link StoreKind#NONE}: no store, every call does its work (the first article's first four strategies). */
final class NoGate implements StepGate {

    @Override
    public Lane lane(Caller caller) {
        return new Through();
    }
}
