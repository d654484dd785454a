package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.property.SimpleStringProperty;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.store.JdbcClaimStore;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.form.ScenarioForm;

/**
 * What the next Reset of the live run runs: the parameters shown ({@link ScenarioForm}), the strategy's parts
 * ({@link StrategyParts}), where the claim table lives ({@link DatabaseConnector}: a database is opened off the FX
 * thread first) and a counterexample's forced faults. Parameters changed during a run apply on Reset only;
 * {@link #pendingChangesProperty()} says when they differ from the run's. A value that makes no run (out of range,
 * too many sign-ups for the live view, parts that make no strategy, a database that does not open) leaves the run
 * as it is and says why in the run's message.
 *
 * <p>Uses {@code javafx.beans} only: runs without the toolkit. Called on the FX thread.
 */
final class RunSetup {
    private static final Texts TEXTS = Texts.of(RunSetup.class);
    private final LiveRun run;
    private final ScenarioForm form;
    private final StrategyParts parts = new StrategyParts();
    private final DatabaseConnector connector;
    private final StringProperty databaseUrl = new SimpleStringProperty(this, "databaseUrl", "");
    private final ReadOnlyBooleanWrapper pendingChanges = new ReadOnlyBooleanWrapper(this, "pendingChanges");
    private String runningDatabaseUrl = "";
    // a counterexample's faults (LiveRun#plan) are forced on every run of the scenario and strategy it was found for
    private final ReadOnlyBooleanWrapper forcing = new ReadOnlyBooleanWrapper(this, "forcing");
    private Scenario planScenario;
    private Strategy planStrategy;

    /**
     * @param form      the parameters shown
     * @param connector opens the database of a claim table on one
     */
    RunSetup(LiveRun run, ScenarioForm form, DatabaseConnector connector) {
        this.run = run;
        this.form = form;
        this.connector = connector;
        List<Observable> watched = new ArrayList<>(form.all());
        watched.add(parts.strategyProperty());
        watched.add(parts.problemProperty());
        watched.add(databaseUrl);
        for (Observable p : watched) {
            p.addListener(o -> pendingChanges.set(run.simulation() != null && !matchesRun()));
        }
    }

    private boolean matchesRun() {
        if (!parts.isRunnable()) {
            return false;
        }
        try {
            return form.scenario().equals(run.scenario())
                    && parts.strategyProperty().get().equals(run.simulation().strategy())
                    && databaseUrl.get().strip().equals(runningDatabaseUrl);
        } catch (ParameterException e) {
            return false;
        }
    }

    /** See {@link LiveViewModel#apply(Scenario, Strategy, LiveViewModel.FaultPlan)}. */
    void apply(Scenario scenario, Strategy strategy, LiveViewModel.FaultPlan faults) {
        form.load(scenario);
        parts.show(strategy);
        run.force(faults);
        forcing.set(faults != null);
        planScenario = faults == null ? null : form.scenario();
        planStrategy = faults == null ? null : parts.strategyProperty().get();
        reset();
    }

    /** See {@link LiveViewModel#reset()}. */
    void reset() {
        Scenario s = runnable();
        if (s == null) {
            return;
        }
        String url = databaseUrl.get() == null ? "" : databaseUrl.get().strip();
        Strategy chosen = parts.strategyProperty().get();
        if (run.plan() != null && !(s.equals(planScenario) && chosen.equals(planStrategy))) {
            run.force(null); // the faults belong to the run they were found in, not to parameters edited since
            forcing.set(false);
        }
        // a forced run follows the explored one, whose claim table is the in-memory model
        if (run.plan() != null || chosen.store() != StoreKind.CLAIM_TABLE || url.isEmpty()) {
            connector.cancel();
            start(s, null);
            return;
        }
        String resolved = DatabaseConnector.resolve(url);
        run.playback().playingProperty().set(false);
        run.say(TEXTS.format("message.connecting", JdbcClaimStore.redact(resolved)));
        connector.open(resolved, db -> {
            if (!chosen.equals(parts.strategyProperty().get())) {
                connector.closeLater(db);
                run.say(TEXTS.get("message.strategyChangedWhileConnecting"));
                return;
            }
            start(s, db);
        }, problem -> run.say(TEXTS.format("message.databaseNotOpened", problem)));
    }

    /**
     * @return the scenario the parameters describe, if the live view can run it with the parts chosen; else null,
     *         the run's message saying why (parts that make no strategy, a value out of range, too many sign-ups)
     */
    private Scenario runnable() {
        if (!parts.isRunnable()) {
            run.say(parts.problemProperty().get());
            return null;
        }
        Scenario s;
        try {
            s = form.scenario();
        } catch (ParameterException e) {
            run.say(e.getMessage());
            return null;
        }
        if (s.jobs() > LiveViewModel.MAX_LIVE_JOBS) {
            run.say(TEXTS.format("message.tooManyJobs", s.jobs(), LiveViewModel.MAX_LIVE_JOBS));
            return null;
        }
        return s;
    }

    /**
     * Starts a new run of {@code s} with the claim table in {@code db} (null: the in-memory model), once the
     * request to the current run (if any) has answered.
     */
    private void start(Scenario s, ClaimStore db) {
        run.requests().whenIdle(() -> {
            run.playback().restart();
            connector.use(db);
            runningDatabaseUrl = databaseUrl.get().strip();
            pendingChanges.set(false);
            run.begin(s, parts.strategyProperty().get(), db);
        });
    }

    /** See {@link LiveViewModel#setDatabaseAccess}. */
    void setDatabaseAccess(Function<String, ClaimStore> opener, Executor background, Executor fxThread) {
        connector.setAccess(opener, background, fxThread);
        run.requests().setExecutors(background, fxThread);
    }

    ReadOnlyBooleanProperty forcingProperty() {
        return forcing.getReadOnlyProperty();
    }

    StrategyParts parts() {
        return parts;
    }

    StringProperty databaseUrlProperty() {
        return databaseUrl;
    }

    ReadOnlyBooleanProperty pendingChangesProperty() {
        return pendingChanges.getReadOnlyProperty();
    }
}
