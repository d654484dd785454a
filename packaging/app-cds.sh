#!/bin/sh
# Makes app.jsa beside this script: a class-data-sharing archive of the classes the window loads as it starts (the
# build's training run listed them in classes.lst, here too), the JDK's, JavaFX's and the app's own, so the JVM maps
# them ready-made instead of reading and checking them from the jars. The launcher's -XX:SharedArchiveFile names it.
# An archive holds the folders of the jars it was made from: the build runs this in the app image it made, and the
# .deb's postinst where the package put the app. A moved image, or a missing or stale archive, still starts (the
# JVM then loads every class from the jars, about 0.5 s slower).
#   sh lib/app/app-cds.sh     (from anywhere; it finds its image from its own path)
set -e
app=$(cd "$(dirname "$0")" && pwd)
java="$(dirname "$app")/runtime/bin/java"
# the launcher's class path, in its order (an archive is used only when the run's class path starts with its own)
cp=$(sed -n "s|^app.classpath=\$APPDIR|$app|p" "$app/idempotency-lab.cfg" | paste -sd: -)
rm -f "$app/app.jsa"
"$java" -Xshare:dump -XX:SharedClassListFile="$app/classes.lst" -XX:SharedArchiveFile="$app/app.jsa" -cp "$cp" \
  -Xlog:cds=off -Xlog:cds+dynamic=off > /dev/null
