package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.scenario.Workflow;

/**
 * The event log and the followed job's history, as lines ({@link EventText}). Events are buffered as they run
 * and written out once per frame ({@link #publish}): one change to the list however many events ran, and only
 * the lines that stay within {@value #LOG_LIMIT} are written at all. Uses {@code javafx.collections} only, so it
 * runs without the toolkit.
 */
final class EventLog {
    /** Lines the log keeps, the latest. */
    static final int LOG_LIMIT = 2_000;

    private final ObservableList<String> log = FXCollections.observableArrayList();
    private final ObservableList<String> history = FXCollections.observableArrayList();
    private final List<SimulationEvent> buffer = new ArrayList<>();
    /** The run's steps by name, and whether it is the article's sign-up (whose words name the email). */
    private List<String> names = Workflow.SIGNUP.names();
    private boolean signup = true;

    /** Notes one event of the run; the log shows it at the next {@link #publish} if it is one it shows. */
    void add(SimulationEvent e) {
        if (EventText.logged(e)) {
            buffer.add(e);
        }
    }

    /** Writes the events noted since the last call to the log, in one change. */
    void publish() {
        if (buffer.isEmpty()) {
            return;
        }
        int from = Math.max(0, buffer.size() - LOG_LIMIT); // only lines that stay are written out
        log.addAll(buffer.subList(from, buffer.size()).stream().map(this::describe).toList());
        buffer.clear();
        if (log.size() > LOG_LIMIT) {
            log.remove(0, log.size() - LOG_LIMIT);
        }
    }

    /**
     * Shows {@code job}'s history (none for null): at once for a new selection, else only when it grew.
     *
     * @param selectionChanged true if {@code job} was just selected
     */
    void showHistory(JobToken job, boolean selectionChanged) {
        if (job == null) {
            history.clear();
        } else if (selectionChanged || history.size() != job.history().size()) {
            history.setAll(job.history().stream().map(this::describe).toList());
        }
    }

    private String describe(SimulationEvent e) {
        return EventText.describe(e, names, signup);
    }

    /** Empties the log and the history for a new run of {@code flow}, whose steps its lines name. */
    void clear(Workflow flow) {
        names = flow.names();
        signup = flow.equals(Workflow.SIGNUP);
        buffer.clear();
        log.clear();
        history.clear();
    }

    /** @return the log's lines, oldest first, at most {@value #LOG_LIMIT}. */
    ObservableList<String> log() {
        return log;
    }

    /** @return the followed job's history, one line per event. */
    ObservableList<String> history() {
        return history;
    }
}
