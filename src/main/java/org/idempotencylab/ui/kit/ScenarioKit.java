package org.idempotencylab.ui.kit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import org.idempotencylab.ui.LiveRunListener;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFileException;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.ui.compare.CompareViewModel;
import org.idempotencylab.ui.compare.ResultRow;
import org.idempotencylab.ui.live.LiveViewModel;

/**
 * The classroom kit's view-model (issue 5, sections 1, 2 and 5): loads presets and scenario files into the
 * compare or live view, saves the current one, keeps the teaching note with the watched number, and remembers
 * the last scenario and presentation mode in {@link LabPrefs}. No toolkit needed; call it on the FX thread.
 */
public final class ScenarioKit {
    /** Scenario files whose {@code watch} names one of the engine's metrics. */
    public static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private final CompareViewModel compare;
    private final LiveViewModel live;
    private final LabPrefs prefs;

    private final ObjectProperty<ScenarioFile> loaded = new SimpleObjectProperty<>();
    private final ObjectProperty<ScenarioFile.View> view = new SimpleObjectProperty<>();
    private final BooleanProperty noteVisible = new SimpleBooleanProperty();
    private final StringProperty watchLine = new SimpleStringProperty("");
    private final StringProperty message = new SimpleStringProperty("");
    private final StringProperty notice = new SimpleStringProperty("");
    private final BooleanProperty presentation = new SimpleBooleanProperty();
    private List<Presets.Preset> presets;
    private boolean compareOnLoad;

    /** @param prefs where the last scenario and presentation mode are remembered ({@link LabPrefs#memory()} in tests) */
    public ScenarioKit(CompareViewModel compare, LiveViewModel live, LabPrefs prefs) {
        this.compare = compare;
        this.live = live;
        this.prefs = prefs;
        presentation.set(prefs.presentation());
        presentation.addListener((o, was, on) -> prefs.setPresentation(on));
        compare.rows().addListener((ListChangeListener<ResultRow>) c -> {
            ScenarioFile f = loaded.get();
            if (f != null && f.view() == ScenarioFile.View.COMPARE && !compare.rows().isEmpty()) {
                watchLine.set(watchText(f.watch(), compare.rows().stream().map(ResultRow::result).toList()));
            }
        });
        // the live run's number once its last job ended (the clock may run on while keys expire)
        live.addFrameListener(new LiveRunListener() {
            private SignupSimulation sim;

            @Override
            public void attached(SignupSimulation simulation) {
                sim = simulation;
            }

            @Override
            public void frame(long nowMs) {
                ScenarioFile f = loaded.get();
                if (sim != null && sim.isFinished() && f != null && f.view() == ScenarioFile.View.LIVE) {
                    watchLine.set(watchText(f.watch(), List.of(sim.result())));
                }
            }
        });
    }

    /**
     * @param on true (the window): loading a compare scenario runs the comparison at once, so the watched numbers
     *           appear without Ctrl+R; false (the default, tests): the results are only cleared
     */
    public void setCompareOnLoad(boolean on) {
        compareOnLoad = on;
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
        showNotice("There is no preset named " + fileName + ". The presets are: "
                + String.join(", ", presets().stream().map(Presets.Preset::fileName).toList()) + ".");
        return false;
    }

    /** @return the built-in presets in teaching order (read once) */
    public List<Presets.Preset> presets() {
        if (presets == null) {
            presets = new Presets(FILES).list();
        }
        return presets;
    }

    /** Applies a built-in preset, shows its note, and remembers it as the last scenario. */
    public void applyPreset(Presets.Preset preset) {
        apply(preset.file());
        prefs.setLastScenario(LabPrefs.PRESET + preset.fileName());
    }

    /**
     * Opens a scenario file. A file that is not valid changes nothing: {@link #messageProperty()} names the
     * field, the value and what is allowed.
     *
     * @return true if it was applied
     */
    public boolean open(Path file) {
        ScenarioFile f;
        try {
            f = FILES.read(file);
        } catch (ScenarioFileException e) {
            message.set("Could not open " + file.getFileName() + ": " + e.getMessage());
            return false;
        } catch (IOException e) {
            message.set("Could not read " + file + ": " + e.getMessage());
            return false;
        }
        apply(f);
        prefs.setLastScenario(LabPrefs.FILE + file.toAbsolutePath());
        rememberFolder(file);
        message.set("");
        return true;
    }

    /**
     * Saves the scenario of {@code from} (its parameters and strategies) with the loaded note if it was loaded
     * into that view.
     *
     * @return true if it was written; else {@link #messageProperty()} says why
     */
    public boolean save(Path file, ScenarioFile.View from) {
        try {
            FILES.write(current(from, baseName(file)), file);
            prefs.setLastScenario(LabPrefs.FILE + file.toAbsolutePath());
            rememberFolder(file);
            message.set("");
            return true;
        } catch (ParameterException e) {
            message.set("Could not save: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            message.set("Could not save " + file + ": " + e.getMessage());
        }
        return false;
    }

    /**
     * @param name the name to give a scenario that was not loaded from a file or preset
     * @return what {@code from} shows now: its parameters and strategies, the loaded name, note and watched metric
     *         if the loaded scenario is on that view
     * @throws ParameterException if a field is out of range
     */
    public ScenarioFile current(ScenarioFile.View from, String name) {
        ScenarioFile f = loaded.get();
        boolean same = f != null && f.view() == from;
        Scenario scenario = from == ScenarioFile.View.COMPARE ? compare.scenario() : live.scenario();
        List<Strategy> strategies = from == ScenarioFile.View.COMPARE ? List.copyOf(compare.strategies())
                : List.of(live.strategyProperty().get());
        String n = same ? f.name() : name;
        String note = !same ? ""
                : scenario.equals(f.scenario()) && strategies.equals(f.strategies()) ? f.note()
                : editedNote(f.name());
        String watch = same ? f.watch() : "repeatedSteps";
        return new ScenarioFile(n, note, watch, from, strategies, scenario);
    }

    /**
     * The note a scenario gets when it is saved after its parameters or strategies were edited: the loaded note's
     * numbers were for the loaded parameters and no longer hold, so it is dropped and this says where it came
     * from.
     *
     * @param loadedName the name of the preset or file it was loaded from
     */
    public static String editedNote(String loadedName) {
        return "Edited from \"" + loadedName + "\". Its note was dropped: the numbers in it were for the parameters "
                + "it was loaded with. Run it to see this scenario's numbers.";
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
        String name = f == null ? "scenario" : f.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        return (name.isEmpty() ? "scenario" : name) + ".json";
    }

    private static String baseName(Path file) {
        String n = file.getFileName().toString();
        return n.toLowerCase(Locale.ROOT).endsWith(".json") ? n.substring(0, n.length() - 5) : n;
    }

    private void apply(ScenarioFile f) {
        notice.set("");
        if (f.view() == ScenarioFile.View.COMPARE) {
            compare.apply(f.scenario(), f.strategies());
            // the last run's table and chart belong to other parameters: never show them beside this note
            compare.clearResults();
            if (compareOnLoad) {
                watchLine.set(label(f.watch()) + ": running the comparison…");
            } else {
                watchLine.set(label(f.watch()) + ": press Compare strategies (Ctrl+R) to run");
                compare.setStatus("Loaded \"" + f.name() + "\": press Compare strategies (Ctrl+R) to run it");
            }
        } else {
            live.apply(f.scenario(), f.strategies().get(0));
            // many virtual minutes would take as many real ones at 1×: play the lesson in about a minute
            double speed = LiveViewModel.lessonSpeed(f.scenario());
            live.speedProperty().set(speed);
            watchLine.set(label(f.watch()) + ": press Play (Space) and watch until the end (Speed set to "
                    + String.format(Locale.ROOT, "%,.0f", speed) + "×: about a minute)");
        }
        loaded.set(f);
        noteVisible.set(true);
        view.set(null); // a second load of the same view still asks for its tab
        view.set(f.view());
        if (f.view() == ScenarioFile.View.COMPARE && compareOnLoad) {
            compare.compare();
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
            forget("The last scenario, the preset " + name + ", is no longer one of the lab's presets.");
            return false;
        }
        if (v.startsWith(LabPrefs.FILE)) {
            Path p = Path.of(v.substring(LabPrefs.FILE.length()));
            if (!p.toFile().isFile()) {
                forget("The last scenario, " + p + ", could not be opened: the file no longer exists.");
                return false;
            }
            try {
                apply(FILES.read(p));
                return true;
            } catch (ScenarioFileException | IOException e) {
                forget("The last scenario, " + p + ", could not be opened: " + e.getMessage());
                return false;
            }
        }
        forget("The last scenario could not be opened: \"" + v + "\" names neither a preset nor a file.");
        return false;
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
        if (results.size() == 1) {
            return label(metric) + ": " + metric(metric).text(results.get(0));
        }
        List<String> lines = new ArrayList<>();
        lines.add(label(metric) + ":");
        for (StrategyResult r : results) {
            lines.add(metric(metric).text(r) + "  " + r.strategy().name());
        }
        return String.join("\n", lines);
    }

    /** @return the metric as the table and notes call it, e.g. "Steps done again" for {@code repeatedSteps} */
    public static String label(String metric) {
        return metric(metric).label();
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

    /** @return presentation mode (large type, high contrast); remembered */
    public BooleanProperty presentationProperty() {
        return presentation;
    }

    /** @return the preferences the kit writes to (the window also keeps its layout and tab there) */
    public LabPrefs prefs() {
        return prefs;
    }
}
