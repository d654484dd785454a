/**
 * Guided lessons (The Secret Lives of Data's frames, with predict-observe-explain): the Lessons menu and the lesson
 * panel beside the tabs. {@link org.idempotencylab.ui.lessons.LessonPlayer} loads each frame's scenario into "Watch
 * it happen" through a {@link org.idempotencylab.ui.lessons.LessonStage} (an adapter App builds over the live view),
 * plays it until the frame's condition and pauses there, then reveals the measured answer beside the class's
 * prediction. Lessons are data: {@code assets/lessons/*.json}, read by {@code scenario.LessonFiles}. Words: this
 * package's texts.properties.
 *
 * <p>A feature: may import the engine, store and scenario layers, JavaFX and the shared UI pieces ({@code ui},
 * form, charts, export); never another feature.
 */
package org.idempotencylab.ui.lessons;
