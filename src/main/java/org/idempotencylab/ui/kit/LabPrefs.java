package org.idempotencylab.ui.kit;

import java.io.File;
import java.util.Optional;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * What the lab remembers between runs in a {@link Preferences} node: the last scenario
 * (a preset or a file), the window's place, size and maximized state, the selected tab and presentation mode.
 * The node is passed in: {@link #user()} for the window, a {@link MemoryPreferences} in tests.
 */
public final class LabPrefs {
    /** The node under the user root that the lab uses. */
    public static final String NODE = "org/idempotencylab";
    /** Prefix of {@link #lastScenario()} for a built-in preset, followed by its file name. */
    public static final String PRESET = "preset:";
    /** Prefix of {@link #lastScenario()} for a scenario file, followed by its absolute path. */
    public static final String FILE = "file:";

    static final String LAST_SCENARIO = "lastScenario";
    static final String TAB = "tab";
    static final String LAST_FOLDER = "lastFolder";
    static final String PRESENTATION = "presentation";
    static final String OPENING = "openingScene";
    static final String X = "window.x";
    static final String Y = "window.y";
    static final String WIDTH = "window.width";
    static final String HEIGHT = "window.height";
    static final String MAXIMIZED = "window.maximized";

    private final Preferences node;

    /** @param node where the values are kept */
    public LabPrefs(Preferences node) {
        this.node = node;
    }

    /** @return the person's preferences, node {@value #NODE} under the user root */
    public static LabPrefs user() {
        return new LabPrefs(Preferences.userRoot().node(NODE));
    }

    /** @return preferences kept in memory only, forgotten at exit */
    public static LabPrefs memory() {
        return new LabPrefs(new MemoryPreferences());
    }

    /** The window's last normal (not maximized) bounds, in screen pixels, and whether it was maximized. */
    public record WindowLayout(double x, double y, double width, double height, boolean maximized) {
    }

    /** @return {@code preset:<file name>} or {@code file:<path>}, or empty if nothing was loaded yet */
    public Optional<String> lastScenario() {
        return Optional.ofNullable(node.get(LAST_SCENARIO, null));
    }

    public void setLastScenario(String value) {
        node.put(LAST_SCENARIO, value);
        flush();
    }

    /** Forgets the last scenario (it no longer opens), so the next start does not try it again. */
    public void clearLastScenario() {
        node.remove(LAST_SCENARIO);
        flush();
    }

    /**
     * @return the folder a scenario was last opened from or saved to, if it still exists: the open and save
     *         dialogs start there
     */
    public Optional<File> lastFolder() {
        String v = node.get(LAST_FOLDER, null);
        return v == null || !new File(v).isDirectory() ? Optional.empty() : Optional.of(new File(v));
    }

    /** @param folder the folder a scenario was just opened from or saved to */
    public void setLastFolder(File folder) {
        node.put(LAST_FOLDER, folder.getAbsolutePath());
    }

    /** @return the id of the tab selected last, e.g. {@code compareTab}, or empty */
    public Optional<String> tab() {
        return Optional.ofNullable(node.get(TAB, null));
    }

    public void setTab(String id) {
        node.put(TAB, id);
        flush();
    }

    public boolean presentation() {
        return node.getBoolean(PRESENTATION, false);
    }

    public void setPresentation(boolean on) {
        node.putBoolean(PRESENTATION, on);
        flush();
    }

    /** @return whether the lab starts with its opening scene (yes until a teacher turns it off) */
    public boolean openingScene() {
        return node.getBoolean(OPENING, true);
    }

    public void setOpeningScene(boolean on) {
        node.putBoolean(OPENING, on);
        flush();
    }

    /** @return the last window layout, or empty if none was saved (or it is incomplete) */
    public Optional<WindowLayout> window() {
        double w = node.getDouble(WIDTH, -1);
        double h = node.getDouble(HEIGHT, -1);
        if (w <= 0 || h <= 0) {
            return Optional.empty();
        }
        return Optional.of(new WindowLayout(node.getDouble(X, 0), node.getDouble(Y, 0), w, h,
                node.getBoolean(MAXIMIZED, false)));
    }

    public void setWindow(WindowLayout layout) {
        node.putDouble(X, layout.x());
        node.putDouble(Y, layout.y());
        node.putDouble(WIDTH, layout.width());
        node.putDouble(HEIGHT, layout.height());
        node.putBoolean(MAXIMIZED, layout.maximized());
        flush();
    }

    private void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // the preferences are a convenience: a store that cannot be written loses them, nothing more
        }
    }
}
