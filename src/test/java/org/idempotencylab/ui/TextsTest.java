package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.kit.Shortcuts;
import org.junit.jupiter.api.Test;

/**
 * Every word a view shows comes from its package's texts.properties: each key the sources and FXML files ask
 * for is there, so no view fails to open, or shows an exception instead of a status line, for a missing word.
 */
class TextsTest {
    private static final Pattern IN_JAVA = Pattern.compile("(?:TEXTS|texts)\\.(?:get|format)\\(\"([^\"]+)\"[,)]");
    private static final Pattern IN_FXML = Pattern.compile("=\"%([A-Za-z0-9_.]+)\"");

    /** The FXML views this package tree owns and the bundle each takes. */
    private static final Map<String, String> FXML = Map.of(
            "src/main/resources/org/idempotencylab/ui/lab.fxml", "org.idempotencylab.ui.texts",
            "src/main/resources/org/idempotencylab/ui/compare/compare.fxml", "org.idempotencylab.ui.compare.texts",
            "src/main/resources/org/idempotencylab/ui/sweep/sweep.fxml", "org.idempotencylab.ui.sweep.texts",
            "src/main/resources/org/idempotencylab/ui/explore/explore.fxml", "org.idempotencylab.ui.explore.texts");

    @Test
    void everyKeyTheSourcesAskForIsInTheirPackagesBundle() throws IOException {
        List<String> missing = new ArrayList<>();
        int keys = 0;
        for (String pkg : List.of("", "form", "compare", "sweep", "kit", "export", "charts", "explore")) {
            Path dir = Path.of("src/main/java/org/idempotencylab/ui", pkg);
            String base = "org.idempotencylab.ui" + (pkg.isEmpty() ? "" : "." + pkg) + ".texts";
            ResourceBundle bundle = ResourceBundle.getBundle(base);
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = IN_JAVA.matcher(Files.readString(f));
                    while (m.find()) {
                        keys++;
                        if (!bundle.containsKey(m.group(1))) {
                            missing.add(f.getFileName() + ": " + m.group(1));
                        }
                    }
                }
            }
        }
        for (Map.Entry<String, String> e : FXML.entrySet()) {
            ResourceBundle bundle = ResourceBundle.getBundle(e.getValue());
            Matcher m = IN_FXML.matcher(Files.readString(Path.of(e.getKey())));
            while (m.find()) {
                keys++;
                if (!bundle.containsKey(m.group(1))) {
                    missing.add(e.getKey() + ": " + m.group(1));
                }
            }
        }
        assertEquals(List.of(), missing);
        assertTrue(keys > 100, "the scan found the keys: " + keys);
        assertEquals(13, Shortcuts.ALL.size(), "the shortcut sheet's words, read by id");
        // the short names, read by the parts' names: every strategy has one
        for (RetryScope scope : RetryScope.values()) {
            for (KeyMode key : KeyMode.values()) {
                for (StoreKind store : StoreKind.values()) {
                    Strategy st;
                    try {
                        st = Strategy.of(scope, key, store);
                    } catch (IllegalArgumentException e) {
                        continue; // not a strategy (skip finished steps with no record of them)
                    }
                    assertTrue(!StrategyNames.shortName(st).isBlank(), st.name());
                }
            }
        }
    }

    /**
     * "1 users", "1 steps": a count followed by a plural noun reads wrong when the count is 1. Every count in
     * every bundle whose next words (up to three: "%d welcome emails", "%,d worker processes") hold a plural noun
     * gives both forms, {@code %,d {user|users}}, so {@link Texts#format} says "1 user" and "2 users".
     */
    @Test
    void everyCountBeforeAPluralNounGivesItsSingularToo() throws IOException {
        Pattern count = Pattern.compile("%(\\d\\$)?,?d((?: [A-Za-z+'\"-]+){1,3})");
        List<String> notNouns = List.of("is", "was", "has", "its", "this", "as", "us", "less", "process", "ms");
        List<String> bare = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/resources/org/idempotencylab"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".properties")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    Matcher m = count.matcher(line);
                    while (!line.startsWith("#") && m.find()) {
                        if (Stream.of(m.group(2).split(" ")).anyMatch(w -> w.endsWith("s") && !w.endsWith("'s")
                                && !notNouns.contains(w))) {
                            bare.add(f.getFileName() + ": " + line);
                            break;
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), bare);
    }

    @Test
    void aChoiceAfterACountTakesTheSingularForOneAndThePluralOtherwise() {
        assertEquals("1 user with 2+ emails · 3 steps done again",
                String.format(Texts.plurals("%,d {user|users} with 2+ emails · %,d {step|steps} done again", 1, 3),
                        1, 3));
        assertEquals("user_4 got 1 welcome email in A (x)", String.format(
                Texts.plurals("user_%d got %d welcome {email|emails} in A (%s)", 4, 1, "x"), 4, 1, "x"));
        assertEquals("2 of 1 lesson", String.format(Texts.plurals("%2$d of %1$d {lesson|lessons}", 1, 2), 1, 2));
        assertEquals("0 rows at 1.5 s", String.format(Texts.plurals("%d {row|rows} at %.1f s", 0, 1.5), 0, 1.5));
        assertEquals("{a|b} %d", Texts.plurals("{a|b} %d", 1), "no count before it: left as it is");
        assertEquals("1 lesson could not be read (the panel says why)",
                Texts.of(org.idempotencylab.ui.lessons.LessonPlayer.class).format("menu.problem", 1));
    }
}
