package org.idempotencylab.ui.kit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.NotRegularFileException;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFileException;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.SweepSpec;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;

/**
 * The classroom kit's view-model: loads presets and scenario files into the view they are for (through a
 * {@link ScenarioView} per {@link ScenarioFile.View}), saves the current one, keeps the teaching note with the
 * watched number, and remembers the last scenario and presentation mode in {@link LabPrefs}. It knows no view's
 * classes. No toolkit needed; call it on the FX thread.
 */
public final class ScenarioKit {
    private static final Texts TEXTS = Texts.of(ScenarioKit.class);

    /** Scenario files whose {@code watch} names one of the engine's metrics. */
    public static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());

    private final Map<ScenarioFile.View, ScenarioView> views;
    private final LabPrefs prefs;

    private final ObjectProperty<ScenarioFile> loaded = new SimpleObjectProperty<>();
    private final ObjectProperty<Note> note = new SimpleObjectProperty<>();
    private final ObjectProperty<ScenarioFile.View> view = new SimpleObjectProperty<>();
    private final BooleanProperty noteVisible = new SimpleBooleanProperty();
    private final StringProperty watchLine = new SimpleStringProperty("");
    private final StringProperty message = new SimpleStringProperty("");
    private final StringProperty notice = new SimpleStringProperty("");
    private final BooleanProperty presentation = new SimpleBooleanProperty();
    private List<Presets.Preset> presets;
    private boolean runOnLoad;

    /**
     * @param views a view for each {@link ScenarioFile.View}: where files of that view are loaded and saved from
     * @param prefs where the last scenario and presentation mode are remembered ({@link LabPrefs#memory()} in tests)
     * @throws IllegalArgumentException if a view is missing
     */
    public ScenarioKit(Map<ScenarioFile.View, ScenarioView> views, LabPrefs prefs) {
        this.views = new EnumMap<>(views);
        for (ScenarioFile.View v : ScenarioFile.View.values()) {
            if (!this.views.containsKey(v)) {
                throw new IllegalArgumentException("no view for " + v);
            }
        }
        this.prefs = prefs;
        presentation.set(prefs.presentation());
        presentation.addListener((o, was, on) -> prefs.setPresentation(on));
        this.views.forEach((kind, v) -> v.addWatchListener(text -> {
            Note n = note.get();
            ScenarioFile f = loaded.get();
            if (n != null) {
                if (n.view() == kind) {
                    watchLine.set(text.apply(n.watched()));
                }
            } else if (f != null && f.view() == kind) {
                watchLine.set(text.apply(metric(f.watch())));
            }
        }));
    }

    /**
     * A teaching note the window writes itself for a run it set up on a view (a counterexample the Explore tab
     * plays in "Watch it happen"), shown in place of the loaded scenario's until a preset or file is loaded.
     *
     * @param title   the note's title, e.g. "Counterexample: retry each step, no key"
     * @param text    what happens, one line a fault
     * @param view    the view the run plays on; the window shows its tab
     * @param watched the number the note watches on that view's run
     */
    public record Note(String title, String text, ScenarioFile.View view, Metric watched) {
    }

    /** Shows {@code n} as the teaching note, its watched number waiting for the run, and asks for its view's tab. */
    public void showNote(Note n) {
        notice.set("");
        note.set(n);
        watchLine.set(TEXTS.format("watch.waiting", n.watched().label(), TEXTS.get("watch.playing")));
        noteVisible.set(true);
        view.set(null); // a second note on the same view still asks for its tab
        view.set(n.view());
    }

    /** @return the note the window wrote itself ({@link #showNote}), or null while a loaded scenario's is shown */
    public ReadOnlyObjectProperty<Note> noteProperty() {
        return note;
    }

    /**
     * @param on true (the window): loading a scenario starts its run at once where the view runs by itself
     *           (Compare), so the watched numbers appear without Ctrl+R; false (the default, tests): the last
     *           results are only cleared
     */
    public void setRunOnLoad(boolean on) {
        runOnLoad = on;
    }

    /**
     * Applies the built-in preset named {@code fileName} (-Dlab.preset=lost-reply.json); an unknown name changes
     * nothing and says so in {@link #noticeProperty()}.
     *
     * @return true if one was applied
     */
    public boolean applyPreset(String fileName) {
        for (Presets.Preset p : presets()) {
            if (p.fileName().equals(fileName)) {
                applyPreset(p);
                return true;
            }
        }
        showNotice(TEXTS.format("notice.noPreset", fileName,
                String.join(", ", presets().stream().map(Presets.Preset::fileName).toList())));
        return false;
    }

    /**
     * @return the built-in presets in teaching order, the lessons then the field cases (read once); an index
     *         entry or a preset that does not read is left out, and {@link #noticeProperty()} says which and why
     */
    public List<Presets.Preset> presets() {
        if (presets == null) {
            Presets.Catalog c = new Presets(FILES).read();
            presets = c.presets();
            if (!c.problems().isEmpty()) {
                showNotice(TEXTS.format("notice.presetsBad", String.join("\n", c.problems())));
            }
        }
        return presets;
    }

    /** Plays the loaded scenario's view from its start (the live view plays by itself; Compare runs). */
    public void playLoaded() {
        ScenarioFile f = loaded.get();
        if (f != null) {
            views.get(f.view()).play();
            watchLine.set(TEXTS.format("watch.waiting", label(f), TEXTS.get("watch.playing")));
        }
    }

    /** Applies a built-in preset, shows its note, and remembers it as the last scenario. */
    public void applyPreset(Presets.Preset preset) {
        apply(preset.file());
        prefs.setLastScenario(LabPrefs.PRESET + preset.fileName());
    }

    /**
     * Opens a scenario file. A file that is not valid changes nothing: {@link #messageProperty()} lists its
     * problems, one a line (up to {@link ScenarioFileException#LIMIT}), each naming the field, the value and what
     * is allowed.
     *
     * @return true if it was applied
     */
    public boolean open(Path file) {
        ScenarioFile f;
        try {
            f = FILES.read(file);
        } catch (ScenarioFileException e) {
            message.set(refusal("open.invalid", "open.invalidMany", file.getFileName(), e));
            return false;
        } catch (IOException e) {
            // a named pipe or a device is refused before it is opened: say what it is, not the path twice
            message.set(TEXTS.format("open.unreadable", file, e instanceof NotRegularFileException n ? n.getReason()
                    : e.getMessage()));
            return false;
        }
        apply(f);
        prefs.setLastScenario(LabPrefs.FILE + file.toAbsolutePath());
        rememberFolder(file);
        message.set("");
        return true;
    }

    /**
     * Saves the scenario of {@code from} (its parameters and strategies, the Sweep tab's sweep, the live view's two
     * lanes) with the loaded note if it was loaded
     * into that view and nothing was edited since, remembers it as the last scenario and its folder.
     *
     * @return what was saved, for the status line: {@code scenario "<name>"}
     * @throws IOException        if the file cannot be written (it keeps its old content)
     * @throws ParameterException if a field of the view is out of range
     */
    public String saveTo(Path file, ScenarioFile.View from) throws IOException {
        ScenarioFile f = current(from, baseName(file));
        FILES.write(f, file);
        prefs.setLastScenario(LabPrefs.FILE + file.toAbsolutePath());
        rememberFolder(file);
        return TEXTS.format("save.detail", f.name());
    }

    /**
     * {@link #saveTo} for callers that want a yes or no.
     *
     * @return true if it was written; else {@link #messageProperty()} says why
     */
    public boolean save(Path file, ScenarioFile.View from) {
        try {
            saveTo(file, from);
            message.set("");
            return true;
        } catch (IOException | RuntimeException e) {
            message.set(e.getMessage());
            return false;
        }
    }

    /**
     * @param name the name to give a scenario that was not loaded from a file or preset
     * @return what {@code from} shows now: its parameters and strategies (and sweep; the two lanes it plays, as
     *         {@code lanes} [0, 1]), the loaded name, note and watched metric if the loaded scenario is on that view;
     *         a sweep not loaded watches its first metric
     * @throws ParameterException       if a field is out of range
     * @throws IllegalArgumentException if a sweep field is out of range, or no strategy is chosen
     */
    public ScenarioFile current(ScenarioFile.View from, String name) {
        ScenarioFile f = loaded.get();
        ScenarioView v = views.get(from);
        boolean same = f != null && f.view() == from;
        Scenario scenario = v.scenario();
        List<Strategy> lanes = v.lanes();
        List<Strategy> strategies = lanes.isEmpty() ? List.copyOf(v.strategies()) : List.copyOf(lanes);
        SweepSpec sweep = v.sweep();
        String n = same ? f.name() : name;
        String note = !same ? "" : v.shows(f) ? f.note() : editedNote(f.name());
        String watch = same ? f.watch() : sweep != null ? sweep.metrics().get(0) : Metric.REPEATED_STEPS.id();
        return new ScenarioFile(n, note, watch, from, strategies, scenario, sweep, List.of(),
                lanes.isEmpty() ? List.of() : List.of(0, 1));
    }

    /**
     * The note a scenario gets when it is saved after its parameters or strategies were edited: the loaded note's
     * numbers were for the loaded parameters and no longer hold, so it is dropped and this says where it came
     * from.
     *
     * @param loadedName the name of the preset or file it was loaded from
     */
    public static String editedNote(String loadedName) {
        return TEXTS.format("note.edited", loadedName);
    }

    private void rememberFolder(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        if (folder != null) {
            prefs.setLastFolder(folder.toFile());
        }
    }

    /** @return a file name to suggest for saving: the loaded scenario's name in lower case with dashes */
    public String suggestedFileName() {
        ScenarioFile f = loaded.get();
        String fallback = TEXTS.get("save.defaultName");
        String name = f == null ? fallback : f.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        return (name.isEmpty() ? fallback : name) + ".json";
    }

    private static String baseName(Path file) {
        String n = file.getFileName().toString();
        return n.toLowerCase(Locale.ROOT).endsWith(".json") ? n.substring(0, n.length() - 5) : n;
    }

    private void apply(ScenarioFile f) {
        notice.set("");
        ScenarioView v = views.get(f.view());
        // the last run's numbers belong to other parameters: never show them beside this note
        v.load(f, metric(f.watch()));
        note.set(null); // a loaded scenario's own note again
        if (f.view() == ScenarioFile.View.COMPARE && (!f.lanes().isEmpty()
                || f.scenario().declaredWorkflow() != null)) {
            // the bug and its fix: Compare shows their rows, and the live view is set up with them as two lanes;
            // a job of the engineer's own: the live view plays it (its first strategy), its steps as the stations
            views.get(ScenarioFile.View.LIVE).load(f, metric(f.watch()));
        }
        watchLine.set(TEXTS.format("watch.waiting", label(f), v.waitingText(runOnLoad)));
        loaded.set(f);
        noteVisible.set(true);
        view.set(null); // a second load of the same view still asks for its tab
        view.set(f.view());
        if (runOnLoad) {
            v.startRun();
        }
    }

    private void showNotice(String text) {
        notice.set(text);
        noteVisible.set(true);
    }

    /**
     * Loads the scenario {@link LabPrefs#lastScenario()} names, if it still exists and is valid. One that does not
     * open is forgotten, and {@link #noticeProperty()} says which and why (shown in the note panel).
     *
     * @return true if one was loaded
     */
    public boolean restoreLast() {
        Optional<String> last = prefs.lastScenario();
        if (last.isEmpty()) {
            return false;
        }
        String v = last.get();
        if (v.startsWith(LabPrefs.PRESET)) {
            String name = v.substring(LabPrefs.PRESET.length());
            for (Presets.Preset p : presets()) {
                if (p.fileName().equals(name)) {
                    apply(p.file());
                    return true;
                }
            }
            forget(TEXTS.format("notice.presetGone", name));
            return false;
        }
        if (v.startsWith(LabPrefs.FILE)) {
            Path p = Path.of(v.substring(LabPrefs.FILE.length()));
            if (!p.toFile().isFile()) {
                forget(TEXTS.format("notice.fileGone", p));
                return false;
            }
            try {
                apply(FILES.read(p));
                return true;
            } catch (ScenarioFileException e) {
                forget(refusal("notice.fileBad", "notice.fileBadMany", p, e));
                return false;
            } catch (IOException e) {
                forget(TEXTS.format("notice.fileBad", p, e.getMessage()));
                return false;
            }
        }
        forget(TEXTS.format("notice.unknown", v));
        return false;
    }

    /** @return why {@code file} was refused: its one problem on the line, or how many and one a line */
    private static String refusal(String one, String many, Object file, ScenarioFileException e) {
        return e.count() == 1 ? TEXTS.format(one, file, e.getMessage())
                : TEXTS.format(many, file, e.count(), e.getMessage());
    }

    private void forget(String why) {
        prefs.clearLastScenario();
        showNotice(why);
    }

    /** Hides the teaching note until the next preset or file. */
    public void closeNote() {
        noteVisible.set(false);
    }

    /**
     * @param results one per strategy run
     * @return e.g. "Steps done again: 194" for one result, else one line per strategy
     */
    public static String watchText(String metric, List<StrategyResult> results) {
        return watchText(metric, Workflow.SIGNUP, results);
    }

    /**
     * As {@link #watchText(String, List)}, the metric named in the words of a run of {@code flow} (a workflow's key
     * step in place of the welcome email: {@link Metric#label(Workflow)}).
     */
    public static String watchText(String metric, Workflow flow, List<StrategyResult> results) {
        Metric m = metric(metric);
        if (results.size() == 1) {
            return TEXTS.format("watch.one", m.label(flow), m.text(results.get(0)));
        }
        List<String> lines = new ArrayList<>();
        lines.add(TEXTS.format("watch.heading", m.label(flow)));
        for (StrategyResult r : results) {
            lines.add(TEXTS.format("watch.row", m.text(r), r.strategy().name()));
        }
        return String.join("\n", lines);
    }

    /** @return the metric as the table and notes call it, e.g. "Steps done again" for {@code repeatedSteps} */
    public static String label(String metric) {
        return metric(metric).label();
    }

    /** @return the number {@code f} watches, named in the words of its job ({@link Metric#label(Workflow)}) */
    private static String label(ScenarioFile f) {
        return metric(f.watch()).label(f.scenario().workflow());
    }

    private static Metric metric(String id) {
        return Metric.byId(id).orElseThrow(() -> new IllegalArgumentException("not a metric: " + id));
    }

    /** @return the scenario file or preset loaded last (null before the first) */
    public ReadOnlyObjectProperty<ScenarioFile> loadedProperty() {
        return loaded;
    }

    /** @return the view the last load went to: the window switches to its tab (null in between) */
    public ReadOnlyObjectProperty<ScenarioFile.View> viewProperty() {
        return view;
    }

    /** @return whether the teaching note is shown */
    public BooleanProperty noteVisibleProperty() {
        return noteVisible;
    }

    /** @return the watched metric and its value(s) once a run finished, or what to press to get there */
    public ReadOnlyStringProperty watchLineProperty() {
        return watchLine;
    }

    /**
     * @return what the user must know though no dialog asked (the remembered scenario did not open, an unknown
     *         -Dlab.preset), shown in the note panel until a scenario is loaded; or ""
     */
    public ReadOnlyStringProperty noticeProperty() {
        return notice;
    }

    /** @return why the last open or save failed, or "" */
    public StringProperty messageProperty() {
        return message;
    }

    /** @return how the loaded scenario plays in "Watch it happen" when not simply as loaded, or "" */
    public ObservableStringValue livePlayNote() {
        return views.get(ScenarioFile.View.LIVE).playNote();
    }

    /** @return presentation mode (large type, high contrast); remembered */
    public BooleanProperty presentationProperty() {
        return presentation;
    }

    /** @return the preferences the kit writes to (the window also keeps its layout and tab there) */
    public LabPrefs prefs() {
        return prefs;
    }
}
