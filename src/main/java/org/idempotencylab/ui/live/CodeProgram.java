package org.idempotencylab.ui.live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.idempotencylab.scenario.Strategy;

/**
 * The code panel's program: the pseudo-code that decides each step, read from {@code program.txt} beside this
 * class (data, not code: one part per piece of a strategy) and composed for a strategy as its retry part
 * ({@code retry.<scope>}), its store part ({@code store.<store>}) and its email key part
 * ({@code key.<key mode>}), in that order. The parts come from the first article (the retry scopes, the
 * in-memory store's {@code once}, the provider's key), the second article (the {@code processed_jobs} claim with
 * a lease) and sidekiq-unique-jobs (the lock). Plain Java, no toolkit.
 */
final class CodeProgram {
    /** A line no event lights. */
    static final String UNLIT = "-";

    /** One line of the program: the id {@link CodeMap} lights it by ({@link #UNLIT} for none), and its text. */
    record Line(String id, String text) {
    }

    private static final Map<String, List<Line>> PARTS = read("program.txt");

    private CodeProgram() {
    }

    /**
     * @return the program {@code strategy} runs: its retry part, its store part and its key part, 15 to 25 lines
     * @throws IllegalStateException if {@code program.txt} lacks a part the strategy needs
     */
    static List<Line> compose(Strategy strategy) {
        List<Line> lines = new ArrayList<>();
        lines.addAll(part("retry." + strategy.scope().cliName()));
        lines.addAll(part(StoreLook.of(strategy.store()).part()));
        lines.addAll(part("key." + strategy.keyMode().cliName()));
        return List.copyOf(lines);
    }

    /** @return the index of the first line of {@code program} with {@code id}, or -1 (none, or null). */
    static int indexOf(List<Line> program, String id) {
        if (id == null) {
            return -1;
        }
        for (int i = 0; i < program.size(); i++) {
            if (program.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private static List<Line> part(String name) {
        List<Line> part = PARTS.get(name);
        if (part == null) {
            throw new IllegalStateException("program.txt has no part [" + name + "]");
        }
        return part;
    }

    /**
     * Reads the parts: {@code [name]} starts one, {@code <id> | <text>} is a line of it (its text as written after
     * "| "), {@code #} starts a comment, blank lines are skipped.
     */
    static Map<String, List<Line>> read(String resource) {
        Map<String, List<Line>> parts = new LinkedHashMap<>();
        try (InputStream in = CodeProgram.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + resource + " beside " + CodeProgram.class);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<Line> current = null;
            int number = 0;
            for (String s = r.readLine(); s != null; s = r.readLine()) {
                number++;
                if (s.isBlank() || s.startsWith("#")) {
                    continue;
                }
                if (s.startsWith("[") && s.endsWith("]")) {
                    current = new ArrayList<>();
                    parts.put(s.substring(1, s.length() - 1), current);
                    continue;
                }
                int bar = s.indexOf('|');
                if (current == null || bar < 0) {
                    throw new IllegalStateException(resource + " line " + number + ": expected [part] or "
                            + "'<id> | <text>', was: " + s);
                }
                String text = s.substring(bar + 1);
                current.add(new Line(s.substring(0, bar).strip(), text.startsWith(" ") ? text.substring(1) : text));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        parts.replaceAll((k, v) -> List.copyOf(v));
        return parts;
    }
}
