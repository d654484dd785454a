package org.idempotencylab;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.Slice;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/design.md's one-way arrows and independent features, checked on the compiled classes (imported once for every
 * rule): the layers, and the UI's features knowing none of each other.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.idempotencylab");

    /** The UI's features: each imports the engine, store, scenario and the shared UI pieces, never another. */
    private static final Set<String> FEATURES = Set.of("compare", "live", "keystore", "sweep", "kit", "lessons",
            "work", "explore");

    @Test
    void theLayersDependOneWayAndOnlyTheUiAndMainKnowJavaFx() {
        layeredArchitecture()
                .consideringOnlyDependenciesInAnyPackage("org.idempotencylab..", "javafx..", "org.controlsfx..")
                .layer("Main").definedBy("org.idempotencylab")
                .layer("ui").definedBy("org.idempotencylab.ui..")
                .layer("cli").definedBy("org.idempotencylab.cli..")
                .layer("work").definedBy("org.idempotencylab.work..")
                .layer("engine").definedBy("org.idempotencylab.engine..")
                .layer("store").definedBy("org.idempotencylab.store..")
                .layer("scenario").definedBy("org.idempotencylab.scenario..")
                .optionalLayer("JavaFX").definedBy("javafx..", "org.controlsfx..")
                .whereLayer("Main").mayNotBeAccessedByAnyLayer()
                .whereLayer("ui").mayOnlyBeAccessedByLayers("Main")
                .whereLayer("cli").mayOnlyBeAccessedByLayers("Main")
                // the real workers: the command line and the window's Real workers tab start them; they use the
                // engine, store and scenario
                .whereLayer("work").mayOnlyBeAccessedByLayers("cli", "ui")
                .whereLayer("engine").mayOnlyBeAccessedByLayers("ui", "cli", "work")
                // store and scenario depend on no other layer: not on each other either
                .whereLayer("store").mayOnlyBeAccessedByLayers("engine", "ui", "cli", "work")
                .whereLayer("scenario").mayOnlyBeAccessedByLayers("engine", "ui", "cli", "work")
                .whereLayer("JavaFX").mayOnlyBeAccessedByLayers("ui", "Main")
                .check(CLASSES);
    }

    @Test
    void theUisFeaturesDoNotDependOnEachOther() {
        slices().matching("org.idempotencylab.ui.(*)..")
                .that(DescribedPredicate.describe("are features (" + String.join(", ", FEATURES.stream().sorted()
                        .toList()) + ")", (Slice s) -> FEATURES.contains(s.getNamePart(1))))
                .should().notDependOnEachOther()
                .check(CLASSES);
    }

    /**
     * The pieces every feature shares (the ui package's, form, charts, export) know no feature: only the window's root
     * (App, the LabWiring it builds the features with, and LabController, the frame's controller, which binds the
     * kit's menus and note) and the adapters between the kit and the views (ScenarioViews, and the live view's own:
     * LiveScenarioView and the ClassroomCut it plays presets at) wire features together.
     */
    @Test
    void theSharedUiPiecesKnowNoFeature() {
        noClasses().that().resideInAnyPackage("org.idempotencylab.ui", "org.idempotencylab.ui.form..",
                        "org.idempotencylab.ui.charts..", "org.idempotencylab.ui.export..")
                .and().doNotHaveFullyQualifiedName("org.idempotencylab.ui.App")
                .and().haveNameNotMatching("org\\.idempotencylab\\.ui\\.LabController.*")
                .and().haveNameNotMatching(
                        "org\\.idempotencylab\\.ui\\.(LabWiring|ScenarioViews|LiveScenarioView|ClassroomCut).*")
                .should().dependOnClassesThat().resideInAnyPackage(FEATURES.stream()
                        .map(f -> "org.idempotencylab.ui." + f + "..").toArray(String[]::new))
                .check(CLASSES);
    }
}
